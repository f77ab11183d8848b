import { closePrice, openPrice } from './fill-price';
import { checkLeverage, type LeverageRefusal } from './leverage-rule';
import { checkLots, type LotsLimits, type LotsRefusal } from './lots-rule';
import type { MarginMode } from './margin';
import { checkPendingTarget, type PendingTargetRefusal } from './pending-target-rule';
import type { Quote } from './quote';
import { type Refused, type RuleResult, refuse } from './rule-result';
import type { Side } from './side';
import { checkStops, type StopRefusal, type Stops, type StopText } from './stop-rule';
import type { Lots, Price } from './trade-values';

/**
 * An order checked against every rule, in the order a customer fixes them: leverage (or "no
 * multiplier configured"), lots, the pending target, the stops. The server refuses the first
 * refusal; the order form shows each field's own. Both run this one sequence, so what the form
 * lets through is what the server accepts.
 */
export type OrderCheckInput = {
  side: Side;
  entry: 'market' | 'pending';
  marginMode: MarginMode;
  /** The leverage options the instrument offers (HasForexMultiple). */
  leverages: readonly number[];
  leverage: string | number | null | undefined;
  lots: string | number;
  lotsLimits: LotsLimits;
  /** A pending order's target as sent; '' or absent when not given. */
  target: string | number | undefined;
  stopLoss: StopText;
  takeProfit: StopText;
  /** Bid and ask now; null while the instrument has no price (the form only). */
  quote: Quote | null;
  pricePrecision: number;
};

export type TargetRefusal = PendingTargetRefusal | 'validation.target_required';

export type OrderCheck = {
  leverage: RuleResult<number | null, LeverageRefusal>;
  lots: RuleResult<Lots, LotsRefusal>;
  /** A pending order's target, null for a market order or while there is no quote. */
  target: RuleResult<Price, TargetRefusal> | null;
  /** The price it opens at: the quote's side for a market order, the accepted target of a pending one. */
  opensAt: Price | null;
  /** The price it would close at now; null for a pending order (its stops count from the fill). */
  currentPrice: Price | null;
  /** Checked once the open price is known: both stops, then each alone (a field's own message). */
  stops: {
    both: RuleResult<Stops, StopRefusal>;
    stopLoss: RuleResult<Stops, StopRefusal>;
    takeProfit: RuleResult<Stops, StopRefusal>;
  } | null;
};

/** The target's refusals name their field, so a message can too. */
const TARGET_FIELD = 'target_price';

export function checkOrder(input: OrderCheckInput): OrderCheck {
  const leverage = checkLeverage(input.marginMode, input.leverages, input.leverage);
  const lots = checkLots(input.lots, input.lotsLimits);
  const { side, quote, pricePrecision } = input;
  const pending = input.entry === 'pending';
  let target: OrderCheck['target'] = null;
  if (pending) {
    const typed = input.target;
    if (typed === undefined || typed === '') target = refuse('validation.target_required');
    else if (quote) target = withField(checkPendingTarget({ side, target: typed, quote, pricePrecision }));
  }
  let opensAt: Price | null = null;
  if (!pending) opensAt = quote ? openPrice(side, quote) : null;
  else if (target?.ok) opensAt = target.value;
  const currentPrice = !pending && quote ? closePrice(side, quote) : null;
  let stops: OrderCheck['stops'] = null;
  if (opensAt !== null && quote) {
    const base = { side, openPrice: opensAt, currentPrice, pricePrecision };
    stops = {
      both: checkStops({ ...base, stopLoss: input.stopLoss, takeProfit: input.takeProfit }),
      stopLoss: checkStops({ ...base, stopLoss: input.stopLoss, takeProfit: null }),
      takeProfit: checkStops({ ...base, stopLoss: null, takeProfit: input.takeProfit }),
    };
  }
  return { leverage, lots, target, opensAt, currentPrice, stops };
}

/** The first thing to fix, in the rule order; undefined when the order passes every rule checked. */
export function firstRefusal(check: OrderCheck): Refused<string> | undefined {
  if (!check.leverage.ok) return check.leverage;
  if (!check.lots.ok) return check.lots;
  if (check.target && !check.target.ok) return check.target;
  if (check.stops && !check.stops.both.ok) return check.stops.both;
  return undefined;
}

function withField<Value, Reason extends string>(
  result: RuleResult<Value, Reason>,
): RuleResult<Value, Reason> {
  if (result.ok || result.params.field !== undefined) return result;
  return { ...result, params: { ...result.params, field: TARGET_FIELD } };
}
