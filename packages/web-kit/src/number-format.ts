import { LANGUAGE_TAGS, type Language } from '@meridian/contract/languages';

/**
 * The one place numbers are written for a reader, in both apps: the digits come from the
 * decimal text the server sent, rounded here on the text (never through a binary float, and
 * without decimal.js, which stays out of the customer app's first page); the separators and the
 * percent layout are those `Intl` writes for the language: de 1.234,56, fr 1 234,56, en and hk 1,234.56.
 * The language is always a parameter: each app binds its own current language (its lib/ layer).
 */

/**
 * The tag numbers are formatted with. Arabic is written with Latin digits (`nu-latn`): quotes,
 * balances and the desk's figures read the same to every customer, as on Arabic trading screens,
 * and a digit typed into a form is the digit shown (docs/decisions.md "Numbers as traders read them").
 */
export function numberTag(language: Language): string {
  return language === 'ar' ? 'ar-u-nu-latn' : LANGUAGE_TAGS[language];
}

export type NumberSymbols = {
  group: string;
  decimal: string;
  /** The fewest integer digits that are grouped: 4 in most languages, 5 in es and it (1234,5). */
  groupFrom: number;
  /** What stands before and after the number in a percentage: tr "%12", de "12 %", en "12%". */
  percentBefore: string;
  percentAfter: string;
};

const EN: NumberSymbols = { group: ',', decimal: '.', groupFrom: 4, percentBefore: '', percentAfter: '%' };
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/**
 * Each language's separators and percent layout, as Intl (CLDR) writes them for its tag (Arabic's
 * with Latin digits). A table, not Intl at run time: building the three formatters that taught them
 * cost ~12 ms of the first render on a phone (ICU loading its locale data), and the table reads the
 * same in every browser. number-format.test.ts checks it against Intl for all 15 languages.
 */
export const NUMBER_SYMBOLS: Record<Language, NumberSymbols> = {
  hk: EN,
  en: EN,
  jp: EN,
  kr: EN,
  th: EN,
  vn: { group: '.', decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: '%' },
  fr: { group: NARROW_NBSP, decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: `${NBSP}%` },
  de: { group: '.', decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: `${NBSP}%` },
  ru: { group: NBSP, decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: `${NBSP}%` },
  spa: { group: '.', decimal: ',', groupFrom: 5, percentBefore: '', percentAfter: `${NBSP}%` },
  pt: { group: '.', decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: '%' },
  ar: EN,
  it: { group: '.', decimal: ',', groupFrom: 5, percentBefore: '', percentAfter: '%' },
  tr: { group: '.', decimal: ',', groupFrom: 4, percentBefore: '%', percentAfter: '' },
  id: { group: '.', decimal: ',', groupFrom: 4, percentBefore: '', percentAfter: '%' },
};

/** The separators of a language. */
export function numberSymbols(language: Language): NumberSymbols {
  return NUMBER_SYMBOLS[language];
}

export type DecimalOptions = {
  /** Exactly this many decimals (sets both bounds). */
  places?: number;
  /** At least this many decimals, padded with zeros (a price at its instrument's precision). */
  minPlaces?: number;
  /** At most this many decimals, rounded half away from zero; trailing zeros past minPlaces go. */
  maxPlaces?: number;
  /** 'always' writes "+" before a positive number (profits, changes); zero never has a sign. */
  sign?: 'negative' | 'always';
  /** The reader's language. */
  language: Language;
};

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Adds one to a string of digits: "0999" -> "1000", "99" -> "100". */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index -= 1) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}

/** Integer and fraction digits rounded half away from zero to `places`, on the text. */
function roundDigits(integer: string, fraction: string, places: number): [string, string] {
  if (fraction.length <= places) return [integer, fraction];
  const kept = fraction.slice(0, places);
  if ((fraction[places] ?? '0') < '5') return [integer, kept];
  const bumped = incremented(`${integer}${kept}`);
  const integerLength = bumped.length - places;
  return [bumped.slice(0, integerLength), bumped.slice(integerLength)];
}

function grouped(integer: string, symbols: NumberSymbols): string {
  if (integer.length < symbols.groupFrom) return integer;
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
}

type Written = { sign: '' | '+' | '-'; body: string };

function written(text: string, options: DecimalOptions): Written | null {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const minPlaces = options.places ?? options.minPlaces ?? 0;
  const maxPlaces = options.places ?? options.maxPlaces;
  let integer = match[2] || '0';
  let fraction = match[3] ?? '';
  if (maxPlaces !== undefined) {
    [integer, fraction] = roundDigits(integer, fraction, maxPlaces);
    // Intl's reading of the two bounds: zeros past the minimum are not shown.
    fraction = fraction.replace(/0+$/, '');
  }
  fraction = fraction.padEnd(minPlaces, '0');
  integer = integer.replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  const sign = zero ? '' : match[1] === '-' ? '-' : options.sign === 'always' ? '+' : '';
  const symbols = numberSymbols(options.language);
  const body = `${grouped(integer, symbols)}${fraction ? `${symbols.decimal}${fraction}` : ''}`;
  return { sign, body };
}

/**
 * Decimal text ("-1234.5678") for the reader: "-1.234,57" in German at 2 places. The sign is the
 * ASCII minus or plus, taken after rounding (-0.001 at 2 places is "0.00"). Text that is not a
 * plain decimal is shown as it is ("--").
 */
export function formatDecimal(text: string, options: DecimalOptions): string {
  const number = written(text, options);
  return number ? `${number.sign}${number.body}` : text;
}

/** A percentage given in percent ("0.12" is 0.12 %), in the language's layout: de "+0,12 %". */
export function formatPercent(text: string, options: DecimalOptions): string {
  const number = written(text, options);
  if (!number) return text;
  const symbols = numberSymbols(options.language);
  return `${number.sign}${symbols.percentBefore}${number.body}${symbols.percentAfter}`;
}

/** Direction marks Intl adds in Arabic: the apps isolate numbers themselves (apps/web's lib/bidi.ts). */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

const compactByLanguage = new Map<Language, Intl.NumberFormat>();

/**
 * A count or volume, short past ten thousand (12.5K, 3,2 Mio.). A quantity, not money, so the
 * float is fine here.
 */
export function formatCompact(value: number, language: Language): string {
  if (Math.abs(value) < 10_000) {
    return formatDecimal(String(Math.round(value * 100) / 100), { language });
  }
  let format = compactByLanguage.get(language);
  if (!format) {
    format = new Intl.NumberFormat(numberTag(language), { notation: 'compact', maximumFractionDigits: 2 });
    compactByLanguage.set(language, format);
  }
  return format.format(value).replace(BIDI_MARKS, '');
}

/**
 * Lots in the reader's language, at the places of the instrument's lot step (Pip "0.01": 2 places)
 * when it is known, else with the digits the server sent: de "0,10".
 */
export function formatLots(lots: string, step: string | undefined, language: Language): string {
  const stepPlaces =
    step === undefined ? undefined : (PLAIN_DECIMAL.exec(step.trim())?.[3] ?? '').replace(/0+$/, '').length;
  return formatDecimal(lots, { minPlaces: stepPlaces, language });
}
