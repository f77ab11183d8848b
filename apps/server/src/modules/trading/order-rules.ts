import { ENTRY_TYPE, type SubmitOrderRequest } from '@meridian/contract/trading';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import { tradeFee, tradeFeeTypeOf } from '@meridian/domain/fee';
import { openPrice } from '@meridian/domain/fill-price';
import { type MarginInput, marginRequired } from '@meridian/domain/margin';
import { checkOrder, firstRefusal } from '@meridian/domain/order-check';
import type { Quote } from '@meridian/domain/quote';
import type { RuleResult } from '@meridian/domain/rule-result';
import { type Side, sideOfOrderType } from '@meridian/domain/side';
import { checkStops, type Stops, type StopText } from '@meridian/domain/stop-rule';
import type { Lots, Money, Price } from '@meridian/domain/trade-values';
import { Rejection } from '../../http/errors';
import type { InstrumentTerms } from './instrument-terms';

/**
 * Turns a domain rule's answer into its value, or into the customer's refusal: the rule's message
 * key and parameters. A price rule's refusal names the field it read, so the message can too.
 */
export function accepted<Value>(result: RuleResult<Value, string>, field?: string): Value {
  if (result.ok) return result.value;
  const params: Record<string, string> = { ...result.params };
  if (field !== undefined && params.field === undefined) params.field = field;
  throw new Rejection(result.reason, params);
}

/** Everything a submit needs to write, decided before the transaction. */
export type OrderPlan = {
  side: Side;
  entryType: 'market' | 'pending';
  lots: Lots;
  leverage: number | null;
  /** The side of the quote it would open at now. */
  originPrice: Price;
  /** The pending target; null for a market order. */
  targetPrice: Price | null;
  /** The fill price of a market order, the target of a pending one. */
  openPrice: Price;
  stops: Stops;
  margin: Money;
  fee: Money;
};

type Pricing = { quote: Quote; rate: QuoteToAccountRate };

/**
 * Checks an order against the domain's rule sequence (order-check.ts, which the order form runs
 * too) and refuses the first thing to fix; then prices its margin and fee.
 */
export function planOrder(
  request: SubmitOrderRequest,
  terms: InstrumentTerms,
  pricing: Pricing,
  tradeFeeType: number,
): OrderPlan {
  const side = sideOfOrderType(request.type);
  const pending = request.status === ENTRY_TYPE.pending;
  const check = checkOrder({
    side,
    entry: pending ? 'pending' : 'market',
    marginMode: terms.marginMode,
    leverages: terms.leverages,
    leverage: request.multiple,
    lots: request.cont,
    lotsLimits: { minLots: terms.minLots, maxLots: terms.maxLots, pip: terms.pip },
    target: request.target_price,
    stopLoss: request.stop_loss_price,
    takeProfit: request.target_profit_price,
    quote: pricing.quote,
    pricePrecision: terms.pricePrecision,
  });
  const refusal = firstRefusal(check);
  if (refusal) throw new Rejection(refusal.reason, refusal.params);
  if (!check.leverage.ok || !check.lots.ok || check.opensAt === null || !check.stops?.both.ok)
    throw new Error('an order passed every rule but one of its values is missing');
  const leverage = check.leverage.value;
  const lots = check.lots.value;
  const opensAt = check.opensAt;
  const margin = marginRequired(marginInput(terms, lots, opensAt, leverage, pricing.rate));
  const fee = tradeFee({ feeType: tradeFeeTypeOf(tradeFeeType), feeRate: terms.feeRate, lots, margin });
  return {
    side,
    entryType: pending ? 'pending' : 'market',
    lots,
    leverage,
    originPrice: openPrice(side, pricing.quote),
    targetPrice: check.target?.ok ? check.target.value : null,
    openPrice: opensAt,
    stops: check.stops.both.value,
    margin,
    fee,
  };
}

function marginInput(
  terms: InstrumentTerms,
  lots: Lots,
  price: Price,
  leverage: number | null,
  rate: QuoteToAccountRate,
): MarginInput {
  if (terms.marginMode === 'fixed') return { mode: 'fixed', lots, unitsPerLot: terms.unitsPerLot };
  if (leverage === null) throw new Error(`instrument ${terms.id} is leveraged but no leverage was accepted`);
  return {
    mode: 'leveraged',
    lots,
    unitsPerLot: terms.unitsPerLot,
    price,
    leverage,
    quoteToAccountRate: rate,
  };
}

/** The stop rule, its refusal naming the field (stop_loss_price or target_profit_price). */
export function checkOrderStops(input: {
  side: Side;
  openPrice: Price;
  currentPrice: Price | null;
  stopLoss: StopText;
  takeProfit: StopText;
  pricePrecision: number;
}): Stops {
  return accepted(checkStops(input));
}
