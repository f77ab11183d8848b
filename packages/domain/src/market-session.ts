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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The first moment at or after `atMs` when the market is open: `atMs` itself when it is open,
 * otherwise the next Sunday 22:00 UTC. The feed uses it to sleep through a closed market.
 */
export function nextOpenMs(session: SessionKind, atMs: number): number {
  if (isMarketOpen(session, new Date(atMs))) return atMs;
  const dayStart = Math.floor(atMs / DAY_MS) * DAY_MS;
  const daysToSunday = (7 - new Date(dayStart).getUTCDay()) % 7;
  return dayStart + daysToSunday * DAY_MS + WEEKLY_CLOSE_HOUR_UTC * HOUR_MS;
}

/** The spec's MarketStatus: 1 open, 0 closed. */
export function marketStatus(session: SessionKind, at: Date): 0 | 1 {
  return isMarketOpen(session, at) ? 1 : 0;
}
