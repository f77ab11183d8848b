/**
 * Trading sessions (ARCHITECTURE.md "Trading rules"): forex, metals, energy and indices trade
 * from Sunday 22:00 UTC to Friday 22:00 UTC; crypto trades always.
 */
export type SessionKind = 'weekly' | 'always';

const WEEKLY_CLOSE_HOUR_UTC = 22;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

export function isMarketOpen(session: SessionKind, at: Date): boolean {
  if (session === 'always') return true;
  const day = at.getUTCDay();
  const hour = at.getUTCHours();
  if (day === SATURDAY) return false;
  if (day === FRIDAY) return hour < WEEKLY_CLOSE_HOUR_UTC;
  if (day === SUNDAY) return hour >= WEEKLY_CLOSE_HOUR_UTC;
  return true;
}

/** The spec's MarketStatus: 1 open, 0 closed. */
export function marketStatus(session: SessionKind, at: Date): 0 | 1 {
  return isMarketOpen(session, at) ? 1 : 0;
}
