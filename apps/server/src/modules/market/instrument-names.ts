import { LANGUAGES, type Language } from '@meridian/contract/languages';
import TABLE from './instrument-names.json' with { type: 'json' };

/**
 * Names and common aliases of every instrument of the catalogue (live/catalogue.ts) in the 15
 * languages: what `searchCurrency` matches beside the codes. The one place this table lives; the
 * web asks the server rather than holding a copy (docs/decisions.md, "Search by name").
 *
 * The first name of each language is the instrument's usual name there; the others are what
 * people also type (short forms, slang, the English name where it is used as is). Chinese names
 * are traditional (hk) with the simplified spelling beside them when it differs, since both are
 * typed. A search matches names in every language, whatever the reader's.
 */
type LocalNames = { readonly [language in Language]: readonly [string, ...string[]] };

/**
 * Checks a table entry once at load: every language with at least one name. The table is data (a
 * JSON file), so its shape is not the compiler's to know; a broken entry stops the start loudly.
 */
function localNames(code: string, entry: Readonly<Record<string, readonly string[]>>): LocalNames {
  for (const language of LANGUAGES) {
    const names = entry[language];
    if (!names || names.length === 0 || names.some((name) => name.trim() === ''))
      throw new Error(`instrument-names.json: ${code} has no ${language} name`);
  }
  return entry as LocalNames;
}

function checkedTable(table: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>) {
  return new Map(Object.entries(table).map(([code, entry]) => [code, localNames(code, entry)]));
}

/** The currencies of the forex pairs; a pair is found by the names of either of its currencies. */
const CURRENCIES = checkedTable(TABLE.currencies);

/** Traders' nicknames of some pairs, the same in every language. */
const PAIR_NICKNAMES: Readonly<Record<string, readonly string[]>> = TABLE.pairNicknames;

/** Instruments that are not a pair of currencies: metals, energy, indices, crypto. */
const NAMED = checkedTable(TABLE.named);

/** A pair's names in each language: its two currencies' names, and the two together. */
function pairNames(pairCode: string, base: LocalNames, quote: LocalNames): LocalNames {
  // Filled for every language just below, so the record is whole when returned.
  const names = {} as Record<Language, readonly [string, ...string[]]>;
  for (const language of LANGUAGES) {
    const baseNames = base[language];
    const quoteNames = quote[language];
    names[language] = [
      `${baseNames[0]} ${quoteNames[0]}`,
      ...baseNames,
      ...quoteNames,
      ...(language === 'en' ? (PAIR_NICKNAMES[pairCode] ?? []) : []),
    ];
  }
  return names;
}

/** An instrument's names in the 15 languages, or undefined for a code the catalogue never had. */
export function instrumentNames(code: string): LocalNames | undefined {
  const named = NAMED.get(code);
  if (named) return named;
  const base = code.length === 6 ? CURRENCIES.get(code.slice(0, 3)) : undefined;
  const quote = code.length === 6 ? CURRENCIES.get(code.slice(3)) : undefined;
  return base && quote ? pairNames(code, base, quote) : undefined;
}
