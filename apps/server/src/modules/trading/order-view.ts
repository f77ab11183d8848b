import { ORDER_STATUS, type Order, type OrderState } from '@meridian/contract/trading';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import { closePrice, openPrice } from '@meridian/domain/fill-price';
import { PLACES, toDecimal } from '@meridian/domain/money';
import { floatingProfit } from '@meridian/domain/profit';
import { formatPrice, type Quote } from '@meridian/domain/quote';
import { orderTypeOf, type Side } from '@meridian/domain/side';
import { asLots, asPrice, type Money, moneyAt } from '@meridian/domain/trade-values';
import type { OrderRecord } from '../../events';
import type { InstrumentTerms } from './instrument-terms';

/** Live prices an order is marked at; either may be missing (no quote yet, no conversion pair). */
type Marking = { quote: Quote | undefined; rate: QuoteToAccountRate | undefined };

/** An amount of an order (margin, fee, profit) as sent: 6 places, the places of its rule. */
export function amountText(value: string | null): string {
  return toDecimal(value ?? '0').toFixed(PLACES.profit);
}

/** A price as sent: at the instrument's precision; "0" when unset. */
export function priceText(value: string | null, pricePrecision: number): string {
  return value === null ? '0' : formatPrice(value, pricePrecision);
}

/** "YYYY-MM-DD HH:mm:ss" in UTC (the spec's *Handler and *Tran display times). */
export function displayTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** The floating profit of a holding order at a quote (the mark is the price it would close at). */
export function floatingOf(
  order: OrderRecord,
  quote: Quote,
  rate: QuoteToAccountRate,
): { mark: string; profit: Money } {
  const side = order.side as Side;
  const mark = closePrice(side, quote);
  const profit = floatingProfit({
    side,
    openPrice: asPrice(order.openPrice ?? order.originPrice),
    markPrice: mark,
    lots: asLots(order.lots),
    unitsPerLot: order.unitsPerLot,
    quoteToAccountRate: rate,
  });
  return { mark, profit };
}

const ZERO_PROFIT = moneyAt(toDecimal(0), PLACES.profit);

/** UpdatePrice and FactProfits of an order in its state (see the contract's Order). */
export function liveFigures(
  order: OrderRecord,
  terms: InstrumentTerms,
  marking: Marking,
): { updatePrice: string; factProfits: Money } {
  const precision = terms.pricePrecision;
  const { quote, rate } = marking;
  switch (order.status) {
    case 'holding': {
      if (!quote || !rate)
        return { updatePrice: priceText(order.openPrice, precision), factProfits: ZERO_PROFIT };
      const { mark, profit } = floatingOf(order, quote, rate);
      return { updatePrice: formatPrice(mark, precision), factProfits: profit };
    }
    case 'pending':
      return {
        updatePrice: quote ? formatPrice(openPrice(order.side as Side, quote), precision) : '0',
        factProfits: ZERO_PROFIT,
      };
    case 'closed':
      return {
        updatePrice: priceText(order.closePrice, precision),
        factProfits: moneyAt(toDecimal(order.realisedProfit ?? '0'), PLACES.profit),
      };
    case 'cancelled':
      return { updatePrice: '0', factProfits: ZERO_PROFIT };
    default: {
      const unknown: never = order.status;
      throw new Error(`unknown order status ${String(unknown)}`);
    }
  }
}

export function wireStatus(state: OrderState): number {
  return ORDER_STATUS[state];
}

/** An order as the API answers it. */
export function orderView(order: OrderRecord, terms: InstrumentTerms, marking: Marking): Order {
  const precision = terms.pricePrecision;
  const { updatePrice, factProfits } = liveFigures(order, terms, marking);
  return {
    Id: order.id,
    ForexId: order.instrumentId,
    ForexTradeLists: { Id: terms.id, Code: terms.code, ShowCode: terms.showCode, PricePrecision: precision },
    OrderType: orderTypeOf(order.side as Side),
    EntryType: order.entryType === 'market' ? 1 : 0,
    Status: wireStatus(order.status),
    State: order.status,
    Quantity: toDecimal(order.lots).toFixed(),
    Multiple: order.leverage ?? 0,
    OriginPrice: priceText(order.originPrice, precision),
    Price: priceText(order.openPrice ?? order.targetPrice, precision),
    TargetPrice: priceText(order.targetPrice, precision),
    UpdatePrice: updatePrice,
    ClosePrice: priceText(order.closePrice, precision),
    FactProfits: factProfits,
    CautionMoney: amountText(order.margin),
    TradeFee: amountText(order.fee),
    TargetLossPrice: priceText(order.stopLoss, precision),
    TargetProfitPrice: priceText(order.takeProfit, precision),
    CloseReason: order.closeReason ?? '',
    CreateTimeHandler: displayTime(order.createdAt),
    CreateTime: order.createdAt.getTime(),
    OpenTime: order.openedAt?.getTime() ?? 0,
    CloseTime: order.closedAt?.getTime() ?? 0,
    PricePrecision: precision,
  };
}
