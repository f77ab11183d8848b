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

/**
 * Builds the conversion for a quote currency from the mid prices the caller can see, by instrument
 * code (`midOf('USDJPY')`). Undefined when no pair links the currency to the dollar: a catalogue
 * fault the caller reports (the order is refused, never priced at a guess).
 */
export function quoteToAccountRate(
  quoteCurrency: string,
  midOf: (instrumentCode: string) => DecimalInput | undefined,
): QuoteToAccountRate | undefined {
  const currency = quoteCurrency.toUpperCase();
  if (DOLLAR_CURRENCIES.has(currency)) return SAME_CURRENCY;
  const direct = midOf(`${currency}USD`);
  if (direct !== undefined) return { kind: 'multiply', price: positivePrice(direct) };
  const inverse = midOf(`USD${currency}`);
  if (inverse !== undefined) return { kind: 'divide', price: positivePrice(inverse) };
  return undefined;
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
