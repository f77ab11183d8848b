import { signOfDecimalText } from './decimal-text';

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A price string for display: the digits the server sent, padded to the instrument's precision,
 * with thousands grouped by commas. Prices use Latin digits and a point in every language, as
 * trading screens do, so a quote reads the same to a customer and to the desk. Text that is not a
 * decimal is shown as it is; no rounding happens here (the server rounds once, at its precision).
 */
export function formatPriceText(price: string, precision?: number): string {
  const match = DECIMAL.exec(price.trim());
  if (!match) return price;
  const [, sign = '', integer = '0', fraction = ''] = match;
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const places = precision === undefined ? fraction : fraction.padEnd(precision, '0');
  return `${sign === '-' ? '-' : ''}${grouped}${places ? `.${places}` : ''}`;
}

/** The day change in percent as shown: "+0.12%", "-1.05%", "0.00%". */
export function formatChangePercent(change: string): string {
  const sign = signOfDecimalText(change);
  const body = formatPriceText(change.replace(/^[+-]/, ''));
  if (sign > 0) return `+${body}%`;
  if (sign < 0) return `-${body}%`;
  return `${body}%`;
}

/** Which way a change points, for colour: up, down or flat. */
export function directionOf(change: string): 'up' | 'down' | 'flat' {
  const sign = signOfDecimalText(change);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

const compactVolume = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** A traded volume, short: 1,234 / 12.5K / 3.2M (a quantity, not money, so a float is fine). */
export function formatVolume(volume: string): string {
  const value = Number(volume);
  if (!Number.isFinite(value)) return volume;
  if (Math.abs(value) < 10_000) return formatPriceText(String(Math.round(value * 100) / 100));
  return compactVolume.format(value);
}
