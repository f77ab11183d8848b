/**
 * Instrument search: what a person types meets an instrument's codes and names however either
 * was written. "Petróleo" = "petroleo", "ＧＯＬＤ" = "gold", "EUR/USD" = "eur usd" = "eurusd",
 * "S&P 500" = "sp500", "ذَهَب" = "ذهب". The server's `searchCurrency` and the web's instant
 * ticker filter both match with this file, so they agree.
 *
 * - Codes (EURUSD, EUR/USD, US Tech 100) match anywhere inside: "usd" finds every dollar pair.
 * - Names in the reader's language and English match from the start of one of their words ("oil"
 *   finds "crude oil", "öl" finds "Öl" but not "Solana" or "dollar"); names in the other languages
 *   match as whole words ("petroleo" finds oil in any interface language). In scripts written
 *   without spaces between words (Chinese, Japanese, Korean, Thai) a name matches anywhere
 *   inside ("金" finds "黃金").
 * - A search of several words matches when the whole of it does, or when each word does on its
 *   own ("euro dollar" finds EUR/USD though no single name says both).
 */

/**
 * Marks that decorate a letter without changing which letter it is for a search: Latin, Greek
 * and Cyrillic accents (combining diacritics and their supplements), Arabic vowel marks, the
 * dagger alef, and the tatweel that only stretches a word. Thai, Devanagari or Hangul marks are
 * not among them: there they are part of the spelling.
 */
const DECORATIVE_MARKS =
  /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u064b-\u065f\u0670\u0640]/g;

/** Spaces, punctuation, symbols and invisible characters: "EUR/USD", "S&P" and "US 30" lose them. */
const SEPARATORS = /[\p{Z}\p{P}\p{S}\p{C}]/gu;

/** What splits a name or a search into words: spaces, dashes and slashes. */
const WORD_BREAKS = /[\p{Z}\s\p{Pd}/]+/u;

/** Scripts written without spaces between words: there a name matches anywhere inside. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The Arabic article: "الذهب" is also found by "ذهب". */
const ARABIC_ARTICLE = 'ال';

/**
 * Letters that are a plain letter to a reader searching but that Unicode does not decompose:
 * Turkish dotless i, Vietnamese đ, German ß, ligatures, and the Arabic letter variants written
 * interchangeably at the end of a word (alef maqsura for yeh, teh marbuta for heh).
 */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ı: 'i',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  ى: 'ي',
  ة: 'ه',
};
const PLAIN_LETTER_PATTERN = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'g');

/**
 * Folds a text for matching: lower-cased, compatibility-decomposed (NFKD, so full-width Latin
 * and digits become plain ones and accents come apart), decorative marks and separators dropped.
 */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(DECORATIVE_MARKS, '')
    .replace(PLAIN_LETTER_PATTERN, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(SEPARATORS, '');
}

/** One instrument's codes and names, folded once, for any number of searches. */
export type SearchEntry = {
  /** Folded codes: a search matches anywhere inside. */
  readonly codes: readonly string[];
  /** Every name folded whole: searches in unspaced scripts match anywhere inside. */
  readonly names: readonly string[];
  /** The reader's names folded from each of their words on: a search matches from the start. */
  readonly wordStarts: readonly string[];
  /** The other languages' names folded from each word on, and each word: a search must be one whole. */
  readonly otherWordStarts: ReadonlySet<string>;
};

/** Each name folded from each of its words on and, with `wordsAlone`, each word alone. */
function wordStartsOf(names: readonly string[], wordsAlone = false): Set<string> {
  const starts = new Set<string>();
  const add = (text: string) => {
    if (text === '') return;
    starts.add(text);
    if (text.startsWith(ARABIC_ARTICLE) && text.length > ARABIC_ARTICLE.length)
      starts.add(text.slice(ARABIC_ARTICLE.length));
  };
  for (const name of names) {
    const words = name.split(WORD_BREAKS).map(foldSearchText);
    for (let index = 0; index < words.length; index += 1) {
      add(words.slice(index).join(''));
      if (wordsAlone) add(words[index] ?? '');
    }
  }
  return starts;
}

/**
 * An instrument's search entry: its codes, the names of the reader's language (and English),
 * matched from the start of a word as typed, and the names of the other languages, matched as
 * whole words, so that "petroleo" or "ذهب" finds oil or gold whatever the interface language
 * while "yen" does not find "Yeni Zelanda doları" (Turkish for the New Zealand dollar).
 */
export function searchEntry(
  codes: readonly string[],
  names: readonly string[] = [],
  otherNames: readonly string[] = [],
): SearchEntry {
  return {
    codes: [...new Set(codes.map(foldSearchText))].filter((code) => code !== ''),
    names: [...new Set([...names, ...otherNames].map(foldSearchText))].filter((name) => name !== ''),
    wordStarts: [...wordStartsOf(names)],
    otherWordStarts: wordStartsOf(otherNames, true),
  };
}

/** A search folded once for many entries: the whole of it and each of its words. */
export type Search = { readonly whole: string; readonly words: readonly string[] };

export function prepareSearch(text: string): Search {
  const words = text
    .split(WORD_BREAKS)
    .map(foldSearchText)
    .filter((word) => word !== '');
  return { whole: foldSearchText(text), words };
}

/** True when the search has something to match (a search of only punctuation has not). */
export function isSearching(search: Search): boolean {
  return search.whole !== '';
}

function matchesPart(part: string, entry: SearchEntry): boolean {
  if (entry.codes.some((code) => code.includes(part))) return true;
  if (UNSPACED_SCRIPT.test(part)) return entry.names.some((name) => name.includes(part));
  return entry.wordStarts.some((start) => start.startsWith(part)) || entry.otherWordStarts.has(part);
}

/**
 * True when the entry matches the search: the whole search, or (for several words) each word.
 * An empty search matches nothing; callers skip the filter when nothing was typed.
 */
export function matchesSearch(search: Search, entry: SearchEntry): boolean {
  if (search.whole === '') return false;
  if (matchesPart(search.whole, entry)) return true;
  return search.words.length > 1 && search.words.every((word) => matchesPart(word, entry));
}
