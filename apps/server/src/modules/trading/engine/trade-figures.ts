import type { ForexTradePush } from '@meridian/contract/trading';
import { riskRatePercent } from '@meridian/domain/account-metrics';
import { conversionPairOf } from '@meridian/domain/conversion';
import { closePrice } from '@meridian/domain/fill-price';
import { PLACES, toDecimal } from '@meridian/domain/money';
import { floatingProfit } from '@meridian/domain/profit';
import { asLots, asPrice, moneyAt, moneyOf } from '@meridian/domain/trade-values';
import type { LiveMarket } from '../../../live-market';
import { conversionOf, type InstrumentTerms } from '../instrument-terms';
import type { AccountFigures } from './position-book';

/**
 * instrument id -> the instruments whose prices convert into USDT through it (its price moving
 * moves their figures too), by the domain's one lookup of the conversion pair.
 */
export function conversionDependents(terms: readonly InstrumentTerms[]): Map<number, number[]> {
  const byCode = new Map(terms.map((item) => [item.code, item.id]));
  const dependents = new Map<number, number[]>();
  for (const item of terms) {
    const through = conversionPairOf(item.quoteCurrency, (code) => byCode.get(code))?.pair;
    if (through === undefined || through === item.id) continue;
    dependents.set(through, [...(dependents.get(through) ?? []), item.id]);
  }
  return dependents;
}

/**
 * An account's forex.trade push: each position marked with the domain's own rounding (so the
 * figures equal what my_deal and forexDetail answer).
 */
export function forexTradePush(
  account: AccountFigures,
  market: LiveMarket,
  termsOf: (instrumentId: number) => InstrumentTerms | undefined,
  nowMs: number,
): ForexTradePush {
  const orders: ForexTradePush['orders'] = [];
  let floating = toDecimal(0);
  for (const order of account.holdings.values()) {
    const terms = termsOf(order.instrumentId);
    const quote = market.quote(order.instrumentId);
    const rate = terms ? conversionOf(market, terms) : undefined;
    if (!quote || !rate || order.openPrice === null) continue;
    const mark = closePrice(order.side, quote);
    const profit = floatingProfit({
      side: order.side,
      openPrice: asPrice(order.openPrice),
      markPrice: mark,
      lots: asLots(order.lots),
      unitsPerLot: order.unitsPerLot,
      quoteToAccountRate: rate,
    });
    floating = floating.plus(toDecimal(profit));
    orders.push({ Id: order.id, ForexId: order.instrumentId, FactProfits: profit, UpdatePrice: mark });
  }
  const balance = account.balance ?? toDecimal(0);
  const margin = moneyOf(account.positionMargin);
  const equity = moneyOf(balance.plus(account.positionMargin).plus(floating));
  return {
    orders,
    all_fact_profits: moneyAt(floating, PLACES.profit),
    balance: moneyOf(balance),
    margin,
    net_value: equity,
    risk_rate: riskRatePercent(equity, margin),
    time: nowMs,
  };
}
