import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type QuoteToAccountRate, SAME_CURRENCY } from './conversion';
import { fractionOf, minus, over, roundHalfUpText, times } from './exact-fraction';
import { toDecimal } from './money';
import { floatingProfit, positionProfit } from './profit';
import type { Side } from './side';
import { asLots, asPrice } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);
const profit = (
  side: Side,
  open: string,
  mark: string,
  lots: string,
  unitsPerLot: string,
  quoteToAccountRate: QuoteToAccountRate = SAME_CURRENCY,
) =>
  positionProfit({
    side,
    openPrice: asPrice(open),
    markPrice: asPrice(mark),
    lots: asLots(lots),
    unitsPerLot,
    quoteToAccountRate,
  });

const pricePair = fc
  .tuple(
    fc.integer({ min: 1, max: 10_000_000 }),
    fc.integer({ min: 1, max: 10_000_000 }),
    fc.integer({ min: 0, max: 5 }),
  )
  .map(([open, mark, places]) => [decimalText(open, places), decimalText(mark, places)] as const);
const lotsArbitrary = fc.integer({ min: 1, max: 5000 }).map((hundredths) => decimalText(hundredths, 2));
const unitsArbitrary = fc.constantFrom('1', '10', '100', '1000', '100000');
const rateArbitrary: fc.Arbitrary<QuoteToAccountRate> = fc.oneof(
  fc.constant(SAME_CURRENCY),
  fc
    .integer({ min: 1, max: 10_000_000 })
    .map((units) => ({ kind: 'multiply' as const, price: asPrice(decimalText(units, 5)) })),
  fc
    .integer({ min: 1, max: 10_000_000 })
    .map((units) => ({ kind: 'divide' as const, price: asPrice(decimalText(units, 3)) })),
);

type Position = { open: string; mark: string; lots: string; units: string; rate: QuoteToAccountRate };

/** Checks `property` on 1,000 generated positions: any prices, lots, contract size and conversion. */
const forEveryPosition = (property: (position: Position) => void) =>
  fc.assert(
    fc.property(pricePair, lotsArbitrary, unitsArbitrary, rateArbitrary, ([open, mark], lots, units, rate) =>
      property({ open, mark, lots, units, rate }),
    ),
    { numRuns: 1000 },
  );

describe('profit', () => {
  it('is (mark - open) x lots x units for a buy and the reverse for a sell, 6 places', () => {
    expect(profit('buy', '1.08504', '1.08600', '1', '100000')).toBe('96.000000');
    expect(profit('sell', '1.08504', '1.08600', '1', '100000')).toBe('-96.000000');
    expect(profit('sell', '95000.00', '94000.00', '0.01', '1')).toBe('10.000000');
  });

  it('converts from the quote currency', () => {
    // USDJPY: +0.100 x 100,000 = 10,000 JPY, marked at USDJPY 151.300 = 66.093853 USDT.
    const jpy: QuoteToAccountRate = { kind: 'divide', price: asPrice('151.300') };
    expect(profit('buy', '151.200', '151.300', '1', '100000', jpy)).toBe('66.093853');
    expect(profit('sell', '151.200', '151.300', '1', '100000', jpy)).toBe('-66.093853');
  });

  it('is zero without a move', () => {
    expect(profit('buy', '1.2', '1.20', '3', '100000')).toBe('0.000000');
    expect(floatingProfit).toBe(positionProfit);
  });

  it('gives a buy exactly the opposite of a sell for the same move', () => {
    forEveryPosition(({ open, mark, lots, units, rate }) => {
      const buy = toDecimal(profit('buy', open, mark, lots, units, rate));
      const sell = toDecimal(profit('sell', open, mark, lots, units, rate));
      expect(buy.plus(sell).isZero()).toBe(true);
      // A rising mark never loses a buy anything, a falling one never gains it anything.
      const move = toDecimal(mark).comparedTo(toDecimal(open));
      if (move > 0) expect(buy.gte(0)).toBe(true);
      if (move < 0) expect(buy.lte(0)).toBe(true);
      if (move === 0) expect(buy.isZero()).toBe(true);
    });
  });

  it('rounds once, exactly as the exact fraction rounds half up', () => {
    forEveryPosition(({ open, mark, lots, units, rate }) => {
      let exact = times(
        times(minus(fractionOf(mark), fractionOf(open)), fractionOf(lots)),
        fractionOf(units),
      );
      if (rate.kind === 'multiply') exact = times(exact, fractionOf(rate.price));
      if (rate.kind === 'divide') exact = over(exact, fractionOf(rate.price));
      expect(profit('buy', open, mark, lots, units, rate)).toBe(roundHalfUpText(exact, 6));
    });
  });
});
