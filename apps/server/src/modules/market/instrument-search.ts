import { LANGUAGES, type Language } from '@meridian/contract/languages';
import { matchesSearch, prepareSearch, type SearchEntry, searchEntry } from '@meridian/domain/search-text';
import { instrumentNames } from './instrument-names';

/** Folded codes and names per instrument and reader's language, built on first use (the catalogue is small). */
const entries = new Map<string, SearchEntry>();

function entryOf(instrument: { code: string; showCode: string }, language: Language): SearchEntry {
  const key = `${instrument.code}\u0000${instrument.showCode}\u0000${language}`;
  let entry = entries.get(key);
  if (!entry) {
    const names = instrumentNames(instrument.code);
    const own: Language[] = language === 'en' ? ['en'] : [language, 'en'];
    const others = LANGUAGES.filter((other) => !own.includes(other));
    entry = searchEntry(
      [instrument.code, instrument.showCode],
      names ? own.flatMap((one) => names[one]) : [],
      names ? others.flatMap((other) => names[other]) : [],
    );
    entries.set(key, entry);
  }
  return entry;
}

/**
 * The instruments a search finds, in their order: by code or shown code anywhere inside
 * ("eur", "EUR/USD", "eur usd"), or by a name or alias in the 15 languages ("gold", "黃金",
 * "ذهب", "petroleo"), case and accents ignored. Names in the reader's language and English match
 * as they are typed (from a word's start); the other languages' names match as whole words (see
 * search-text.ts). A blank search keeps them all.
 */
export function searchInstruments<T extends { code: string; showCode: string }>(
  instruments: readonly T[],
  text: string | undefined,
  language: Language,
): T[] {
  if (text === undefined || text.trim() === '') return [...instruments];
  const search = prepareSearch(text);
  return instruments.filter((instrument) => matchesSearch(search, entryOf(instrument, language)));
}
