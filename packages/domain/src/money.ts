import Decimal from 'decimal.js';

/**
 * Money and prices are decimals, never binary floats. Every rounding the product performs is named
 * here once, with the number of places the specification gives it (spec section 9).
 */
export const DecimalMoney = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type DecimalValue = InstanceType<typeof DecimalMoney>;
export type DecimalInput = DecimalValue | string | number;

export const PLACES = {
  /** Margin: 6 decimals. */
  margin: 6,
  /** Balance as shown: 2 decimals. */
  balanceShown: 2,
  /** Profit: 6 decimals. */
  profit: 6,
  /** Withdrawal amount received: 2 decimals, rounded down. */
  receive: 2,
  /** What the database keeps: numeric(30, 8). */
  stored: 8,
} as const;

export function toDecimal(value: DecimalInput): DecimalValue {
  return new DecimalMoney(value);
}

/** Rounds half away from zero to the given places and answers text, as stored and sent. */
export function roundHalfUp(value: DecimalInput, places: number): string {
  return toDecimal(value).toDecimalPlaces(places, DecimalMoney.ROUND_HALF_UP).toFixed(places);
}

/** Rounds toward negative infinity (used where the customer must never be over-promised). */
export function roundDown(value: DecimalInput, places: number): string {
  return toDecimal(value).toDecimalPlaces(places, DecimalMoney.ROUND_FLOOR).toFixed(places);
}

/** A balance as the customer sees it: 2 decimals. */
export function formatBalance(value: DecimalInput): string {
  return roundHalfUp(value, PLACES.balanceShown);
}

/** A decimal as plain text: no exponent, no trailing zeros ("0.01000000" -> "0.01"). */
export function plainDecimal(value: DecimalInput): string {
  return toDecimal(value).toFixed();
}
