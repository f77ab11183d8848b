import { LANGUAGE_TAGS, type Language, normalizeLanguage } from '@meridian/contract/languages';
import type { MessageParams } from './i18n';

/**
 * The parameters of a refusal that are amounts, prices, lots or limits: written as the app writes
 * numbers for the reader's language (apps/web/src/lib/number-format.ts): "above 78,084.42" in
 * English, "über 78.084,42" in German. Named, not guessed from the value's shape: an order's or a
 * deposit's `id`, a verification `code` or a `reference` look like numbers and must stay as sent.
 */
const NUMBER_PARAMS = new Set([
  'amount',
  'available',
  'balance',
  'count',
  'lots',
  'max',
  'min',
  'price',
  'receive',
  'required',
  'step',
]);

/** A plain decimal as the rules write it (digits, an optional point and decimals, an optional minus). */
const DECIMAL_TEXT = /^-?\d{1,30}(\.\d{1,20})?$/;

/** Bidirectional marks Intl may put around a number in right-to-left languages (the app adds none). */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

const formatters = new Map<string, Intl.NumberFormat>();

/** The app's tag for numbers: Arabic with Latin digits, as on its screens. */
function numberTag(language: Language): string {
  return language === 'ar' ? 'ar-u-nu-latn' : LANGUAGE_TAGS[language];
}

function formatterFor(language: Language, places: number): Intl.NumberFormat {
  const key = `${language}:${places}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberTag(language), {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * One decimal text written for a language, with exactly the digits it was given (the rule already
 * rounded it, at the instrument's precision for a price): never through a binary float (Intl reads
 * the string as an exact decimal). A sign stays the ASCII "-", as in the app.
 */
export function formatDecimalText(language: string, text: string): string {
  if (!DECIMAL_TEXT.test(text)) return text;
  const places = text.split('.')[1]?.length ?? 0;
  const formatted = formatterFor(normalizeLanguage(language), places).format(text as unknown as number);
  return formatted.replace(DIRECTION_MARKS, '').replace(/^[\u2212\u2013]/, '-');
}

/** A refusal's parameters with its numbers written for the language; every other one as it was. */
export function withNumbersFor(language: string, params: MessageParams): MessageParams {
  let changed: MessageParams | null = null;
  for (const [name, value] of Object.entries(params)) {
    if (!NUMBER_PARAMS.has(name)) continue;
    const text = typeof value === 'number' ? String(value) : value;
    const formatted = formatDecimalText(language, text);
    if (formatted === value) continue;
    changed ??= { ...params };
    changed[name] = formatted;
  }
  return changed ?? params;
}
