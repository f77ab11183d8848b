import type { Instrument } from '@meridian/contract/market';
import { matchesSearch, prepareSearch, searchEntry } from '@meridian/domain/search-text';

export type InstrumentFilter = {
  /** null: every category ("All"). */
  categoryId: number | null;
  search?: string;
  /** Ids the server's `searchCurrency` found by name for this search (useInstrumentNameSearch). */
  nameMatches?: ReadonlySet<number> | undefined;
};

/**
 * The instruments of a category that a search finds: by Code or ShowCode at once, folded as the
 * server folds them (case, accents, full width, spaces and slashes ignored: "eur usd",
 * "EUR/USD" and "eurusd" all find EUR/USD), and by name or alias in any language ("gold",
 * "黃金") through the ids the server found, which come a moment later.
 */
export function filterInstruments(
  instruments: readonly Instrument[],
  filter: InstrumentFilter,
): Instrument[] {
  const text = filter.search?.trim() ?? '';
  const search = prepareSearch(text);
  return instruments.filter(
    (instrument) =>
      (filter.categoryId === null || instrument.CategoryId === filter.categoryId) &&
      (text === '' ||
        matchesSearch(search, searchEntry([instrument.Code, instrument.ShowCode])) ||
        filter.nameMatches?.has(instrument.Id) === true),
  );
}
