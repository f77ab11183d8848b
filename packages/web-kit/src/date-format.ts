/**
 * Moments as a reader reads them, in a language's locale tag and the device's time zone. The tag
 * is a parameter: each app binds its own (the back office writes English as en-GB).
 */

export type MomentValue = string | number | Date | null | undefined;

/** Written for no moment at all (none, empty text, Unix 0). */
export const NO_MOMENT = '-';

function isNone(value: MomentValue): value is null | undefined | '' | 0 {
  return value === null || value === undefined || value === '' || value === 0;
}

/** The moment an ISO 8601 text, Unix ms or a Date stands for; undefined for none or what is not one. */
export function momentOf(value: MomentValue): Date | undefined {
  if (isNone(value)) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** To the second: two staff actions a few seconds apart must not read as simultaneous. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

function formatMoment(value: MomentValue, tag: string, options: Intl.DateTimeFormatOptions): string {
  const date = momentOf(value);
  if (!date) return isNone(value) ? NO_MOMENT : String(value);
  return new Intl.DateTimeFormat(tag, options).format(date);
}

/**
 * A moment to the second ("27 Nov 2026, 10:41:07" in en-GB); "-" for none, and text that is not a
 * moment as it came.
 */
export function formatDateTime(value: MomentValue, tag: string): string {
  return formatMoment(value, tag, DATE_TIME);
}

/** A day without the time ("27 Nov 2026" in en-GB); "-" for none. */
export function formatDate(value: MomentValue, tag: string): string {
  return formatMoment(value, tag, DATE);
}
