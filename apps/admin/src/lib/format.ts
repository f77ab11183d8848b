import { DecimalMoney, type DecimalValue, toDecimal } from '@meridian/domain/money';
import { currentLanguage } from './i18n';

/**
 * The back office's one way to write numbers, money and moments, in the staff member's language
 * (English as en-GB, Traditional Chinese as zh-HK). Every screen formats through here, so a date
 * or an amount reads the same on the deposits queue, a customer's page and the audit log.
 * Money stays decimal: the digits come from decimal.js, never from a binary float.
 */

type Language = 'en' | 'hk';

const LOCALES: Record<Language, string> = { en: 'en-GB', hk: 'zh-HK' };

/** Places a currency is shown with when the record does not say (USDT, USD and the like). */
export const MONEY_PLACES_DEFAULT = 2;

function localeOf(language: Language): string {
  return LOCALES[language];
}

function readable(value: string | number | null | undefined): DecimalValue | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  try {
    const decimal = toDecimal(String(value).trim());
    return decimal.isFinite() ? decimal : undefined;
  } catch {
    return undefined;
  }
}

/** The language's group separator and decimal mark ("," and "." in both back-office languages). */
function marksOf(language: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** Groups the digits of a plain decimal text ("-1234567.5" -> "-1,234,567.5"). */
function grouped(plain: string, language: Language): string {
  const { group, decimal } = marksOf(language);
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const withGroups = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${withGroups}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * A decimal with at most `placesMax` places (rounded half up) and at least `placesMin` (so money
 * keeps its cents), without the trailing zeros between: "1000000.00000000" -> "1,000,000.00" with
 * 2..2, "0.00120000" -> "0.0012" with 2..8. Text that is not a number is shown as it came; none is "-".
 */
export function formatDecimal(
  value: string | number | null | undefined,
  options: { placesMin?: number; placesMax?: number } = {},
  language: Language = currentLanguage(),
): string {
  const decimal = readable(value);
  if (decimal === undefined)
    return value === null || value === undefined || value === '' ? '-' : String(value);
  const placesMax = options.placesMax ?? 8;
  const placesMin = Math.min(options.placesMin ?? 0, placesMax);
  const rounded = decimal.toDecimalPlaces(placesMax, DecimalMoney.ROUND_HALF_UP);
  const places = Math.max(placesMin, rounded.decimalPlaces());
  // -0 would read "-0.00": a rounded zero has no sign.
  const text = rounded.isZero() ? toDecimal(0).toFixed(places) : rounded.toFixed(places);
  return grouped(text, language);
}

/** A count or a plain figure (ids excepted): grouped digits, no trailing zeros. */
export function formatNumber(value: string | number | null | undefined, language?: Language): string {
  return formatDecimal(value, {}, language);
}

/**
 * Money in a currency: exactly the currency's places when it has cents (2 for USDT), up to its
 * places otherwise ("0.0012 BTC" rather than "0.00120000 BTC"); the code after it when given.
 */
export function formatMoney(
  value: string | number | null | undefined,
  currency?: { code?: string; places?: number },
  language?: Language,
): string {
  const places = currency?.places ?? MONEY_PLACES_DEFAULT;
  const amount = formatDecimal(
    value,
    { placesMin: Math.min(places, MONEY_PLACES_DEFAULT), placesMax: places },
    language,
  );
  return currency?.code && amount !== '-' ? `${amount} ${currency.code}` : amount;
}

/** A percentage from a decimal text of percent ("12.5" -> "12.5%"), at most 2 places. */
export function formatPercent(value: string | number | null | undefined, language?: Language): string {
  const amount = formatDecimal(value, { placesMax: 2 }, language);
  return amount === '-' ? amount : `${amount}%`;
}

function momentOf(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '' || value === 0) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A moment (ISO 8601 text, Unix ms or a Date) in the reader's language and time zone, to the
 * second ("27 Nov 2026, 10:41:07"); "-" for none. Seconds matter: two staff actions a few seconds
 * apart must not read as simultaneous.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  language: Language = currentLanguage(),
): string {
  const date = momentOf(value);
  if (!date)
    return value === null || value === undefined || value === '' || value === 0 ? '-' : String(value);
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A day without the time ("27 Nov 2026"); "-" for none. */
export function formatDate(
  value: string | number | Date | null | undefined,
  language: Language = currentLanguage(),
): string {
  const date = momentOf(value);
  if (!date)
    return value === null || value === undefined || value === '' || value === 0 ? '-' : String(value);
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}
