import { type QuoteToAccountRate, toAccountCurrency } from './conversion';
import { PLACES, toDecimal } from './money';
import type { Side } from './side';
import { type Lots, type Money, moneyAt, type Price } from './trade-values';

/**
 * Profit of a position (ARCHITECTURE.md "Trading rules"), in the account currency, 6 places
 * (spec section 9), rounded half away from zero so that a buy and a sell of the same move get
 * exactly opposite amounts:
 *   buy:  (mark - open) x lots x units per lot
 *   sell: (open - mark) x lots x units per lot
 * converted from the quote currency with the caller's current conversion (conversion.ts).
 *
 * Floating profit marks an open position at the price it would close at now (`closePrice` in
 * fill-price.ts: the bid for a buy, the ask for a sell). Realised profit is the same formula at the
 * price the position actually closed at: the quote's close side for a close by the customer or a
 * stop-out, the trigger price for a stop-loss or take-profit. Fees are not part of profit: the fee
 * was charged at opening (fee.ts).
 */
export type ProfitInput = {
  side: Side;
  openPrice: Price;
  markPrice: Price;
  lots: Lots;
  unitsPerLot: string;
  quoteToAccountRate: QuoteToAccountRate;
};

export function positionProfit({
  side,
  openPrice,
  markPrice,
  lots,
  unitsPerLot,
  quoteToAccountRate,
}: ProfitInput): Money {
  const move =
    side === 'buy'
      ? toDecimal(markPrice).minus(toDecimal(openPrice))
      : toDecimal(openPrice).minus(toDecimal(markPrice));
  const inQuoteCurrency = move.times(toDecimal(lots)).times(toDecimal(unitsPerLot));
  const profit = toAccountCurrency(
    inQuoteCurrency,
    toDecimal(1),
    quoteToAccountRate,
    PLACES.profit,
    'halfUp',
  );
  return moneyAt(profit, PLACES.profit);
}

/** Floating profit: the position marked at its current close price. */
export const floatingProfit = positionProfit;

/** Realised profit: the position marked at the price it closed at. */
export const realisedProfit = positionProfit;
