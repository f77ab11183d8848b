import { PERIOD_LABELS, type PeriodLabel } from '@meridian/contract/periods';

/** Spec section 9: the chart opens on one-minute candles. */
export const DEFAULT_PERIOD: PeriodLabel = '1M';

export function isPeriod(value: unknown): value is PeriodLabel {
  return typeof value === 'string' && (PERIOD_LABELS as readonly string[]).includes(value);
}

/** A period from the URL; anything else (missing, mistyped) is null. Case is forgiven: 1h = 1H. */
export function parsePeriod(value: string | null | undefined): PeriodLabel | null {
  const upper = value?.trim().toUpperCase();
  return isPeriod(upper) ? upper : null;
}
