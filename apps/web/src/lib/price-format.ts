import type { Language } from '@meridian/contract/languages';
import { signOfDecimalText } from './decimal-text';
import { formatCompact, formatDecimal, formatPercent } from './number-format';

/**
 * A price for display in the reader's language (lib/number-format.ts): the digits the server sent,
 * padded to the instrument's precision, grouped and pointed as the language writes numbers
 * (de 67.234,50). No rounding happens here: the server rounds once, at its precision. Text that is
 * not a decimal is shown as it is.
 */
export function formatPriceText(price: string, precision?: number, language?: Language): string {
  return formatDecimal(price, { minPlaces: precision, language });
}

/**
 * A price from the chart (lightweight-charts works in floats) at the instrument's precision. The
 * float is the chart's own value, rounded to the precision it was drawn from.
 */
export function formatChartPrice(price: number, precision: number, language?: Language): string {
  return formatPriceText(price.toFixed(precision), precision, language);
}

/** The day change in percent as shown: "+0.12%", "-1.05%", "0.00%" (de "+0,12 %"). */
export function formatChangePercent(change: string, language?: Language): string {
  return formatPercent(change, { sign: 'always', language });
}

/** Which way a change points, for colour: up, down or flat. */
export function directionOf(change: string): 'up' | 'down' | 'flat' {
  const sign = signOfDecimalText(change);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** A traded volume, short: 1,234 / 12.5K / 3.2M (a quantity, not money, so a float is fine). */
export function formatVolume(volume: string, language?: Language): string {
  const value = Number(volume);
  if (!Number.isFinite(value)) return volume;
  return formatCompact(value, language);
}

/** A decimal text as a whole number of units of `places` decimals (digits past them are cut), or null. */
function unitsOf(text: string, places: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[3] ?? '').padEnd(places, '0').slice(0, places);
  const units = BigInt(`${match[2]}${fraction}`);
  return match[1] === '-' ? -units : units;
}

/**
 * The spread, ask minus bid, as a decimal text at the instrument's precision (exact: whole units,
 * no float); empty when either price is not a decimal (a quote not in yet).
 */
export function spreadText(bid: string, ask: string, precision: number): string {
  const places = Math.max(0, precision);
  const bidUnits = unitsOf(bid, places);
  const askUnits = unitsOf(ask, places);
  if (bidUnits === null || askUnits === null) return '';
  const difference = askUnits - bidUnits;
  const sign = difference < 0n ? '-' : '';
  const digits = (difference < 0n ? -difference : difference).toString().padStart(places + 1, '0');
  return places === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
