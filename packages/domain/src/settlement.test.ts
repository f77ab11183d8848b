import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type QuoteToAccountRate, SAME_CURRENCY } from './conversion';
import { type TradeFeeType, tradeFee } from './fee';
import { type MarginInput, marginRequired } from './margin';
import { toDecimal } from './money';
import { positionProfit } from './profit';
import { closeSettlement, negativeBalanceReset, openingCost } from './settlement';
import type { Side } from './side';
import { asLots, asMoney, asPrice, type Money, moneyOf } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);

type Trade = {
  side: Side;
  price: string;
  markMove: number;
  places: number;
  lots: string;
  unitsPerLot: string;
  leverage: number;
  fixed: boolean;
  feeType: TradeFeeType;
  feeRate: string;
  rate: QuoteToAccountRate;
  balance: string;
};

const tradeArbitrary: fc.Arbitrary<Trade> = fc.record({
  side: fc.constantFrom<Side>('buy', 'sell'),
  places: fc.integer({ min: 0, max: 5 }),
  price: fc.integer({ min: 1000, max: 10_000_000 }).map(String),
  markMove: fc.integer({ min: -999, max: 999 }),
  lots: fc.integer({ min: 1, max: 5000 }).map((units) => decimalText(units, 2)),
  unitsPerLot: fc.constantFrom('1', '10', '100', '1000', '100000'),
  leverage: fc.constantFrom(1, 3, 20, 100, 500),
  fixed: fc.boolean(),
  feeType: fc.constantFrom<TradeFeeType>('perLot', 'ofMargin'),
  feeRate: fc.constantFrom('0', '0.0003', '0.5', '7', '25'),
  rate: fc.oneof(
    fc.constant(SAME_CURRENCY),
    fc.constant<QuoteToAccountRate>({ kind: 'multiply', price: asPrice('1.08500') }),
    fc.constant<QuoteToAccountRate>({ kind: 'divide', price: asPrice('151.200') }),
  ),
  balance: fc.integer({ min: 0, max: 10 ** 14 }).map((units) => decimalText(units, 8)),
});

function open(trade: Trade, priceText: string) {
  const lots = asLots(trade.lots);
  const input: MarginInput = trade.fixed
    ? { mode: 'fixed', lots, unitsPerLot: trade.unitsPerLot }
    : {
        mode: 'leveraged',
        lots,
        unitsPerLot: trade.unitsPerLot,
        price: asPrice(priceText),
        leverage: trade.leverage,
        quoteToAccountRate: trade.rate,
      };
  const margin = marginRequired(input);
  const fee = tradeFee({ feeType: trade.feeType, feeRate: trade.feeRate, lots, margin });
  return { margin, fee };
}

describe('opening and closing an order', () => {
  it('closing at the open price (no spread) loses exactly the fee', () => {
    fc.assert(
      fc.property(tradeArbitrary, (trade) => {
        const price = decimalText(Number(trade.price), trade.places);
        const { margin, fee } = open(trade, price);
        // The service opens only what the balance covers: start from the cost plus some spare.
        const balance = toDecimal(openingCost(margin, fee)).plus(toDecimal(trade.balance));
        const afterOpen = moneyOf(balance.minus(toDecimal(openingCost(margin, fee))));
        const profit = positionProfit({
          side: trade.side,
          openPrice: asPrice(price),
          markPrice: asPrice(price),
          lots: asLots(trade.lots),
          unitsPerLot: trade.unitsPerLot,
          quoteToAccountRate: trade.rate,
        });
        const closed = closeSettlement(afterOpen, margin, profit);
        expect(balance.minus(toDecimal(closed.balanceAfter)).eq(toDecimal(fee))).toBe(true);
        expect(closed.negativeBalanceReset).toBe('0');
      }),
      { numRuns: 1000 },
    );
  });

  it('a round trip changes the balance by exactly profit minus fee, never below zero', () => {
    fc.assert(
      fc.property(tradeArbitrary, (trade) => {
        const price = decimalText(Number(trade.price), trade.places);
        const mark = decimalText(Number(trade.price) + trade.markMove, trade.places);
        const { margin, fee } = open(trade, price);
        const afterOpen = moneyOf(toDecimal(trade.balance).minus(toDecimal(openingCost(margin, fee))));
        const profit = positionProfit({
          side: trade.side,
          openPrice: asPrice(price),
          markPrice: asPrice(mark),
          lots: asLots(trade.lots),
          unitsPerLot: trade.unitsPerLot,
          quoteToAccountRate: trade.rate,
        });
        const closed = closeSettlement(afterOpen, margin, profit);
        const change = toDecimal(closed.balanceAfterClose).minus(toDecimal(trade.balance));
        expect(change.eq(toDecimal(profit).minus(toDecimal(fee)))).toBe(true);
        expect(toDecimal(closed.balanceAfter).gte(0)).toBe(true);
        expect(
          toDecimal(closed.balanceAfter).eq(
            toDecimal(closed.balanceAfterClose).plus(toDecimal(closed.negativeBalanceReset)),
          ),
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('resets a negative balance to exactly zero and leaves others alone', () => {
    const closed = closeSettlement(asMoney('10'), asMoney('100'), asMoney('-150.25'));
    expect(closed).toEqual({ balanceAfterClose: '-40.25', negativeBalanceReset: '40.25', balanceAfter: '0' });
    expect(negativeBalanceReset(asMoney('0'))).toBe('0');
    expect(negativeBalanceReset(asMoney('-0.00000001'))).toBe('0.00000001');
    expect(negativeBalanceReset(asMoney('5'))).toBe('0');
    const exactlyZero = closeSettlement(asMoney('10'), asMoney('100'), asMoney('-110'));
    expect(exactlyZero.negativeBalanceReset).toBe('0');
  });

  it('the opening cost is margin plus fee', () => {
    expect(openingCost(asMoney('1085.000000'), asMoney('7.000000'))).toBe('1092');
    const money: Money = openingCost(asMoney('0.000001'), asMoney('0.000002'));
    expect(money).toBe('0.000003');
  });
});
