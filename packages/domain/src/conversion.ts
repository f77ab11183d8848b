import { type DecimalInput, type DecimalValue, toDecimal } from './money';
import { divide, type Rounding } from './rounding';
import { asPrice, type Price } from './trade-values';

/**
 * Converting an amount in an instrument's quote currency into the account currency (USDT, taken as
 * USD). Prices are quoted in the quote currency (USDJPY in yen, GER40 in euro), so a margin or a
 * profit computed from them is in that currency too.
 *
 * The formulas stay pure by taking the conversion as an input, `QuoteToAccountRate`, which the
 * caller builds from the current mid price of the conversion pair:
 * - quote currency USD or USDT: `{ kind: 'same' }`;
 * - a pair QUOTE/USD exists (EUR -> EURUSD, GBP -> GBPUSD): multiply by its mid;
 * - a pair USD/QUOTE exists (JPY -> USDJPY, CHF -> USDCHF, CAD -> USDCAD): divide by its mid.
 * Keeping "divide by USDJPY" as a division, instead of a pre-computed rate 1/USDJPY, means a formula
 * divides once and rounds once (`toAccountCurrency`), so no rate is ever rounded on its own.
 */
export type QuoteToAccountRate =
  | { kind: 'same' }
  | { kind: 'multiply'; price: Price }
  | { kind: 'divide'; price: Price };

/** The account currency. USDT is treated as exactly one US dollar. */
export const ACCOUNT_CURRENCY = 'USDT';
const DOLLAR_CURRENCIES = new Set(['USD', 'USDT']);

export const SAME_CURRENCY: QuoteToAccountRate = { kind: 'same' };

/** The pair that links a quote currency to the dollar, and whether its price multiplies or divides. */
export type ConversionPair<T> = { kind: 'multiply' | 'divide'; pair: T };

/**
 * The one lookup of a quote currency's conversion pair: QUOTE/USD when `find` knows it (multiply),
 * else USD/QUOTE (divide). `find` answers whatever the caller keeps by instrument code (a mid price,
 * an instrument, an id), so the server's engine, the web preview and `quoteToAccountRate` share it.
 */
export function conversionPairOf<T>(
  quoteCurrency: string,
  find: (instrumentCode: string) => T | undefined,
): ConversionPair<T> | undefined {
  const currency = quoteCurrency.toUpperCase();
  const direct = find(`${currency}USD`);
  if (direct !== undefined) return { kind: 'multiply', pair: direct };
  const inverse = find(`USD${currency}`);
  if (inverse !== undefined) return { kind: 'divide', pair: inverse };
  return undefined;
}

/**
 * Builds the conversion for a quote currency from the mid prices the caller can see, by instrument
 * code (`midOf('USDJPY')`). Undefined when no pair links the currency to the dollar: a catalogue
 * fault the caller reports (the order is refused, never priced at a guess).
 */
export function quoteToAccountRate(
  quoteCurrency: string,
  midOf: (instrumentCode: string) => DecimalInput | undefined,
): QuoteToAccountRate | undefined {
  if (DOLLAR_CURRENCIES.has(quoteCurrency.toUpperCase())) return SAME_CURRENCY;
  const found = conversionPairOf(quoteCurrency, midOf);
  return found && { kind: found.kind, price: positivePrice(found.pair) };
}

function positivePrice(value: DecimalInput): Price {
  if (!toDecimal(value).gt(0)) throw new Error(`a conversion price must be positive, got ${String(value)}`);
  return asPrice(value);
}

/**
 * An amount in the quote currency, `numerator / denominator`, in the account currency, rounded once
 * at `places` in the named direction. Formulas pass their own division (a leverage) as the
 * denominator so the conversion adds no second rounding.
 */
export function toAccountCurrency(
  numerator: DecimalValue,
  denominator: DecimalValue,
  rate: QuoteToAccountRate,
  places: number,
  rounding: Rounding,
): DecimalValue {
  switch (rate.kind) {
    case 'same':
      return divide(numerator, denominator, places, rounding);
    case 'multiply':
      return divide(numerator.times(toDecimal(rate.price)), denominator, places, rounding);
    case 'divide':
      return divide(numerator, denominator.times(toDecimal(rate.price)), places, rounding);
    default: {
      const unknown: never = rate;
      throw new Error(`unknown conversion ${JSON.stringify(unknown)}`);
    }
  }
}
