import type { PeriodLabel } from '@meridian/contract/market';

/** The trade page's address: the instrument and period in the URL, for sharing and the back button. */
export function tradePath({ code, period }: { code: string; period?: PeriodLabel }): string {
  const search = new URLSearchParams({ code });
  if (period) search.set('period', period);
  return `/trade?${search.toString()}`;
}
