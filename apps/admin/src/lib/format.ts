import { toDecimal } from '@meridian/domain/money';
import * as dateFormat from '@meridian/web-kit/date-format';
import { currencyPlaces } from '@meridian/web-kit/money-format';
import * as numberFormat from '@meridian/web-kit/number-format';
import { type AdminLanguage, currentLanguage } from './i18n';

/**
 * The back office's one way to write numbers, money and moments, in the staff member's language:
 * web-kit's formatters, shared with the customer app, bound to the back office's language and its
 * reading of a missing value ("-"). Every screen formats through here, so a date or an amount reads
 * the same on the deposits queue, a customer's page and the audit log.
 */

/** The locale dates are written in: English as en-GB (day before month), Traditional Chinese as zh-HK. */
const DATE_TAGS: Record<AdminLanguage, string> = { en: 'en-GB', hk: 'zh-HK' };

const NONE = '-';

type NumberValue = string | number | null | undefined;

function isNone(value: NumberValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/**
 * The plain decimal text of a value: numbers and exponent texts ("1e-7") as decimal.js reads them,
 * exactly; what it cannot read, as it came (web-kit's formatters show such text as it is).
 */
function decimalText(value: string | number): string {
  try {
    const decimal = toDecimal(String(value).trim());
    return decimal.isFinite() ? decimal.toFixed() : String(value);
  } catch {
    return String(value);
  }
}

/**
 * A decimal with at most `placesMax` places (rounded half up) and at least `placesMin` (so money
 * keeps its cents), without the trailing zeros between: "1000000.00000000" -> "1,000,000.00" with
 * 2..2, "0.00120000" -> "0.0012" with 2..8. Text that is not a number is shown as it came; none is "-".
 */
export function formatDecimal(
  value: NumberValue,
  options: { placesMin?: number; placesMax?: number } = {},
  language: AdminLanguage = currentLanguage(),
): string {
  if (isNone(value)) return NONE;
  const placesMax = options.placesMax ?? 8;
  const placesMin = Math.min(options.placesMin ?? 0, placesMax);
  return numberFormat.formatDecimal(decimalText(value), {
    minPlaces: placesMin,
    maxPlaces: placesMax,
    language,
  });
}

/** A count or a plain figure (ids excepted): grouped digits, no trailing zeros. */
export function formatNumber(value: NumberValue, language?: AdminLanguage): string {
  return formatDecimal(value, {}, language);
}

/** Money in a currency at its places (web-kit's currencyPlaces); the code after it when given. */
export function formatMoney(
  value: NumberValue,
  currency?: { code?: string; places?: number },
  language?: AdminLanguage,
): string {
  const { minPlaces, maxPlaces } = currencyPlaces(currency?.places);
  const amount = formatDecimal(value, { placesMin: minPlaces, placesMax: maxPlaces }, language);
  return currency?.code && amount !== NONE ? `${amount} ${currency.code}` : amount;
}

/** A percentage from a decimal text of percent ("12.5" -> "12.5%"), at most 2 places. */
export function formatPercent(value: NumberValue, language?: AdminLanguage): string {
  const amount = formatDecimal(value, { placesMax: 2 }, language);
  return amount === NONE ? amount : `${amount}%`;
}

/** A moment to the second ("27 Nov 2026, 10:41:07"); "-" for none. */
export function formatDateTime(
  value: dateFormat.MomentValue,
  language: AdminLanguage = currentLanguage(),
): string {
  return dateFormat.formatDateTime(value, DATE_TAGS[language]);
}

/** A day without the time ("27 Nov 2026"); "-" for none. */
export function formatDate(
  value: dateFormat.MomentValue,
  language: AdminLanguage = currentLanguage(),
): string {
  return dateFormat.formatDate(value, DATE_TAGS[language]);
}
