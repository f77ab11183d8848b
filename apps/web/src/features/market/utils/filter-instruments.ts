import type { Instrument } from '@meridian/contract/market';

export type InstrumentFilter = {
  /** null: every category ("All"). */
  categoryId: number | null;
  search?: string;
};

/**
 * The instruments of a category whose Code or ShowCode contains the search text, ignoring case,
 * spaces and slashes (so "eur usd", "EUR/USD" and "eurusd" all find EUR/USD): the same list the
 * server's searchCurrency gives, without a request per key stroke.
 */
export function filterInstruments(
  instruments: readonly Instrument[],
  filter: InstrumentFilter,
): Instrument[] {
  const needle = normalize(filter.search ?? '');
  return instruments.filter(
    (instrument) =>
      (filter.categoryId === null || instrument.CategoryId === filter.categoryId) &&
      (needle === '' ||
        normalize(instrument.Code).includes(needle) ||
        normalize(instrument.ShowCode).includes(needle)),
  );
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/[\s/._-]+/g, '');
}
