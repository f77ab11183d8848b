import { DecimalMoney, type DecimalValue, toDecimal } from '../money';
import { formatPrice, quoteFromMid } from '../quote';
import type { Side } from '../side';
import { averageTrueRange } from './indicators';
import { HOLD, type SideSignal, type StrategyDecision, type StrategyInput } from './strategy';

/**
 * How a strategy turns a signal into an order (the published sizing rule of every strategy):
 * - the stop-loss lies at a distance from the price the order opens at (ask for a buy, bid for a
 *   sell) or at a price of its own, the take-profit (if any) likewise on the other side, both
 *   rounded half up to the instrument's precision;
 * - the lots are those that lose `riskFraction` of the equity if the stop-loss is hit (fixed
 *   fractional sizing: a losing streak shrinks the orders, so the account never blows up), capped so
 *   that the margin stays within `marginFractionMax` of the equity, and rounded down to the lot step;
 * - below the instrument's minimum lots, or with a stop that would not lie strictly beyond the
 *   price (the trading service's stop rule would refuse it), the strategy holds.
 * Every instrument the strategies trade is quoted in USD or USDT, the account's currency, so a price
 * difference times units is an amount in USDT with no conversion.
 */
export type RiskPlan = {
  side: Side;
  /** The stop-loss: a distance from the open price (above zero), or a price of its own (a band). */
  stopLoss: { distance: number } | { price: number };
  /** The take-profit: a distance from the open price, a price of its own (a band), or none. */
  takeProfit: { distance: number } | { price: number } | null;
  /** Fraction of equity lost at the stop-loss, decimal text (0.005 is 0.5 %). */
  riskFraction: string;
  /** Largest fraction of equity the order's margin may hold, decimal text. */
  marginFractionMax: string;
  leverage: number;
};

export function openWithRisk(input: StrategyInput, plan: RiskPlan): StrategyDecision {
  const { instrument } = input;
  const stopTarget = 'price' in plan.stopLoss ? plan.stopLoss.price : plan.stopLoss.distance;
  if (!(stopTarget > 0) || !Number.isFinite(stopTarget)) return HOLD;
  if (!(input.price > 0) || !Number.isFinite(input.price)) return HOLD;
  const precision = instrument.pricePrecision;
  const tick = toDecimal(1).div(toDecimal(10).pow(precision));
  // The quote the order will meet, as the market derives it from the mid price.
  const quote = quoteFromMid(formatPrice(input.price, precision), instrument.spread, precision);
  const bid = toDecimal(quote.bid);
  const ask = toDecimal(quote.ask);
  const buy = plan.side === 'buy';
  const opensAt = buy ? ask : bid;
  const direction = buy ? 1 : -1;

  const stopLoss = toDecimal(
    formatPrice(
      'price' in plan.stopLoss ? plan.stopLoss.price : opensAt.minus(direction * plan.stopLoss.distance),
      precision,
    ),
  );
  // Strictly beyond both the open price and the close price, by a whole tick (the stop rule).
  const stopLimit = buy ? bid.minus(tick) : ask.plus(tick);
  if (buy ? stopLoss.gt(stopLimit) : stopLoss.lt(stopLimit)) return HOLD;
  if (!stopLoss.gt(0)) return HOLD;
  let takeProfit: DecimalValue | null = null;
  if (plan.takeProfit !== null) {
    const target =
      'price' in plan.takeProfit ? plan.takeProfit.price : opensAt.plus(direction * plan.takeProfit.distance);
    if (!Number.isFinite(Number(target))) return HOLD;
    takeProfit = toDecimal(formatPrice(target, precision));
    const profitLimit = buy ? ask.plus(tick) : bid.minus(tick);
    if (buy ? takeProfit.lt(profitLimit) : takeProfit.gt(profitLimit)) return HOLD;
    if (!takeProfit.gt(0)) return HOLD;
  }

  const lots = lotsForRisk(input, plan, opensAt.minus(stopLoss).abs(), opensAt);
  if (lots === undefined) return HOLD;
  return {
    action: 'open',
    side: plan.side,
    lots,
    leverage: plan.leverage,
    stopLoss: stopLoss.toFixed(precision),
    takeProfit: takeProfit === null ? null : takeProfit.toFixed(precision),
  };
}

/** The published terms of a strategy whose stop-loss lies `stopAtr` average true ranges from the open price. */
export type AtrRiskTerms = {
  atrPeriod: number;
  stopAtr: number;
  /** The take-profit's distance in average true ranges; absent: none, or a price of the strategy's own. */
  takeProfitAtr?: number;
  riskFraction: string;
  marginFractionMax: string;
  leverage: number;
};

/**
 * Opens on the entry signal (a buy when it fires for both) with the stop-loss (and the take-profit,
 * with `takeProfitAtr`) a number of average true ranges of `atrPeriod` bars away; `own` replaces
 * either with the strategy's own, which may depend on the range. Holds without a signal, and while
 * there are too few bars for the range.
 */
export function openOnAtr(
  input: StrategyInput,
  terms: AtrRiskTerms,
  entry: SideSignal,
  own: (atr: number) => Partial<Pick<RiskPlan, 'stopLoss' | 'takeProfit'>> = () => ({}),
): StrategyDecision {
  if (!entry.buy && !entry.sell) return HOLD;
  const side: Side = entry.buy ? 'buy' : 'sell';
  const atr = averageTrueRange(input.bars, terms.atrPeriod);
  if (atr === undefined) return HOLD;
  return openWithRisk(input, {
    side,
    stopLoss: { distance: terms.stopAtr * atr },
    takeProfit: terms.takeProfitAtr === undefined ? null : { distance: terms.takeProfitAtr * atr },
    riskFraction: terms.riskFraction,
    marginFractionMax: terms.marginFractionMax,
    leverage: terms.leverage,
    ...own(atr),
  });
}

/** The lots of the fixed fractional rule, capped by margin and the maximum, on the lot step; undefined below the minimum. */
function lotsForRisk(
  input: StrategyInput,
  plan: RiskPlan,
  lossPerUnit: DecimalValue,
  opensAt: DecimalValue,
): string | undefined {
  const { instrument } = input;
  const equity = toDecimal(input.equity);
  if (!equity.gt(0) || !lossPerUnit.gt(0)) return undefined;
  const units = toDecimal(instrument.unitsPerLot);
  const byRisk = equity.times(plan.riskFraction).div(lossPerUnit.times(units));
  const byMargin = equity.times(plan.marginFractionMax).times(plan.leverage).div(units.times(opensAt));
  const wanted = DecimalMoney.min(byRisk, byMargin, toDecimal(instrument.maxLots));
  const step = toDecimal(instrument.lotStep);
  // Rounded down to the step: an order never risks more than the published fraction.
  const lots = wanted.div(step).floor().times(step);
  if (lots.lt(instrument.minLots) || !lots.gt(0)) return undefined;
  return lots.toFixed();
}
