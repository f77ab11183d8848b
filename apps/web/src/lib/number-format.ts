import { type Language, normalizeLanguage } from '@meridian/contract/languages';
import * as numberFormat from '@meridian/web-kit/number-format';
import i18next from 'i18next';

/**
 * The customer app's numbers: web-kit's formatters (@meridian/web-kit/number-format) in the
 * interface language unless a language is given. Every formatter of price-format.ts and
 * money-format.ts is built on `formatDecimal`.
 */

/** The interface language now (i18next's), one of the 15. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18next.language);
}

/** Decimal options whose language defaults to the interface language. */
export type DecimalOptions = Omit<numberFormat.DecimalOptions, 'language'> & { language?: Language };

function inReaderLanguage(options: DecimalOptions): numberFormat.DecimalOptions {
  return { ...options, language: options.language ?? currentLanguage() };
}

/** The separators of a language. */
export function numberSymbols(language: Language = currentLanguage()): numberFormat.NumberSymbols {
  return numberFormat.numberSymbols(language);
}

/** Decimal text for the reader (web-kit's formatDecimal): "-1.234,57" in German at 2 places. */
export function formatDecimal(text: string, options: DecimalOptions = {}): string {
  return numberFormat.formatDecimal(text, inReaderLanguage(options));
}

/** A percentage given in percent, in the language's layout: de "+0,12 %". */
export function formatPercent(text: string, options: DecimalOptions = {}): string {
  return numberFormat.formatPercent(text, inReaderLanguage(options));
}

/** A count or volume, short past ten thousand (12.5K, 3,2 Mio.). */
export function formatCompact(value: number, language: Language = currentLanguage()): string {
  return numberFormat.formatCompact(value, language);
}

/** Lots at the places of the instrument's lot step when it is known: de "0,10". */
export function formatLots(lots: string, step?: string, language: Language = currentLanguage()): string {
  return numberFormat.formatLots(lots, step, language);
}
