import { ENTRY_TYPE, type SubmitOrderRequest } from '@meridian/contract/trading';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import { tradeFee, tradeFeeTypeOf } from '@meridian/domain/fee';
import { closePrice, openPrice } from '@meridian/domain/fill-price';
import { checkLeverage } from '@meridian/domain/leverage-rule';
import { checkLots } from '@meridian/domain/lots-rule';
import { type MarginInput, marginRequired } from '@meridian/domain/margin';
import { checkPendingTarget } from '@meridian/domain/pending-target-rule';
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

export type Pricing = { quote: Quote; rate: QuoteToAccountRate };

/**
 * Checks an order against the domain rules in the order a customer fixes them: leverage (or "no
 * multiplier configured"), lots, the pending target, the stops; then prices its margin and fee.
 */
export function planOrder(
  request: SubmitOrderRequest,
  terms: InstrumentTerms,
  pricing: Pricing,
  tradeFeeType: number,
): OrderPlan {
  const side = sideOfOrderType(request.type);
  const pending = request.status === ENTRY_TYPE.pending;
  const precision = terms.pricePrecision;
  const leverage = accepted(checkLeverage(terms.marginMode, terms.leverages, request.multiple));
  const lots = accepted(
    checkLots(request.cont, { minLots: terms.minLots, maxLots: terms.maxLots, pip: terms.pip }),
  );
  const originPrice = openPrice(side, pricing.quote);
  let targetPrice: Price | null = null;
  if (pending) {
    if (request.target_price === undefined || request.target_price === '')
      throw new Rejection('validation.target_required');
    targetPrice = accepted(
      checkPendingTarget({
        side,
        target: request.target_price,
        quote: pricing.quote,
        pricePrecision: precision,
      }),
      'target_price',
    );
  }
  const opensAt = targetPrice ?? originPrice;
  const stops = checkOrderStops({
    side,
    openPrice: opensAt,
    currentPrice: pending ? null : closePrice(side, pricing.quote),
    stopLoss: request.stop_loss_price,
    takeProfit: request.target_profit_price,
    pricePrecision: precision,
  });
  const margin = marginRequired(marginInput(terms, lots, opensAt, leverage, pricing.rate));
  const fee = tradeFee({ feeType: tradeFeeTypeOf(tradeFeeType), feeRate: terms.feeRate, lots, margin });
  return {
    side,
    entryType: pending ? 'pending' : 'market',
    lots,
    leverage,
    originPrice,
    targetPrice,
    openPrice: opensAt,
    stops,
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
