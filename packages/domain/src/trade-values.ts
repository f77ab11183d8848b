import { type DecimalInput, type DecimalValue, toDecimal } from './money';

/**
 * Branded decimal texts, so the compiler keeps kinds of number apart: a price is not a number of
 * lots, and neither is an amount of money. Each is the exact decimal text (no binary float ever
 * touches it); formulas read them with `toDecimal`.
 */
declare const brand: unique symbol;
type Branded<Kind extends string> = string & { readonly [brand]: Kind };

/** A price in the instrument's quote currency (for USDJPY: yen per dollar). */
export type Price = Branded<'Price'>;
/** A quantity of lots (the spec's Quantity / cont). */
export type Lots = Branded<'Lots'>;
/** An amount in the account currency, USDT (treated as USD). */
export type Money = Branded<'Money'>;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function finiteText(value: DecimalInput, kind: string): string {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const decimal = toDecimal(text ?? value);
  if (!decimal.isFinite()) throw new Error(`${kind} must be a finite decimal, got ${String(value)}`);
  // Plain decimal text is kept as written (a stored numeric stays byte for byte the same); anything
  // else (a Decimal, a number, an exponent) is written plainly.
  return text !== undefined && PLAIN_DECIMAL.test(text) ? text : decimal.toFixed();
}

/** Marks a decimal as a price. A broken value is a programmer error: it throws. */
export function asPrice(value: DecimalInput): Price {
  return finiteText(value, 'a price') as Price;
}

export function asLots(value: DecimalInput): Lots {
  return finiteText(value, 'lots') as Lots;
}

export function asMoney(value: DecimalInput): Money {
  return finiteText(value, 'money') as Money;
}

/** A decimal result written plainly as money (sums are exact, so they need no rounding). */
export function moneyOf(value: DecimalValue): Money {
  return value.toFixed() as Money;
}

/** A rounded result written with exactly `places` decimals, as money is stored and sent. */
export function moneyAt(value: DecimalValue, places: number): Money {
  return value.toFixed(places) as Money;
}
