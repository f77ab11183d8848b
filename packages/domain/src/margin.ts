import { type QuoteToAccountRate, toAccountCurrency } from './conversion';
import { PLACES, toDecimal } from './money';
import { roundTo } from './rounding';
import { type Lots, type Money, moneyAt, type Price } from './trade-values';

/**
 * Margin (spec section 9, ARCHITECTURE.md "Trading rules"), in the account currency, 6 places,
 * rounded half up once at the end:
 * - fixed mode (the instrument's MarginMode 1): lots x units per lot. The instrument's
 *   ForexContNum is then read as the margin per lot in the account currency: no price, no
 *   leverage, no conversion;
 * - leveraged mode (any other MarginMode): lots x units per lot x price / leverage, converted from
 *   the quote currency (see conversion.ts). `price` is the order's open price (the ask for a buy,
 *   the bid for a sell, the target for a pending order).
 */
// The mode's reading lives in a file without decimal.js, so a screen that only asks which mode an
// instrument uses (the web's trade page) does not download the money arithmetic for it.
export { type MarginMode, marginModeOf } from './margin-mode';

export type MarginInput =
  | { mode: 'fixed'; lots: Lots; unitsPerLot: string }
  | {
      mode: 'leveraged';
      lots: Lots;
      unitsPerLot: string;
      price: Price;
      leverage: number;
      quoteToAccountRate: QuoteToAccountRate;
    };

export function marginRequired(input: MarginInput): Money {
  const notionalUnits = toDecimal(input.lots).times(toDecimal(input.unitsPerLot));
  switch (input.mode) {
    case 'fixed':
      return moneyAt(roundTo(notionalUnits, PLACES.margin, 'halfUp'), PLACES.margin);
    case 'leveraged': {
      if (!(input.leverage > 0) || !Number.isFinite(input.leverage))
        throw new Error(`a leverage must be positive, got ${input.leverage}`);
      const notional = notionalUnits.times(toDecimal(input.price));
      const margin = toAccountCurrency(
        notional,
        toDecimal(input.leverage),
        input.quoteToAccountRate,
        PLACES.margin,
        'halfUp',
      );
      return moneyAt(margin, PLACES.margin);
    }
    default: {
      const unknown: never = input;
      throw new Error(`unknown margin mode ${JSON.stringify(unknown)}`);
    }
  }
}
