import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAtOrBelowStopOut } from './account-metrics';
import { SAME_CURRENCY } from './conversion';
import { marginRequired } from './margin';
import { toDecimal } from './money';
import { positionProfit } from './profit';
import { type PositionExposure, selectStopOut } from './stop-out';
import { asLots, asMoney, asPrice } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);
const position = (orderId: number, margin: string, floatingProfit: string): PositionExposure => ({
  orderId,
  margin: asMoney(margin),
  floatingProfit: asMoney(floatingProfit),
});

/** One buy of 1 lot (100,000 units) opened at 1.00000 with 100x (margin 1,000), marked at `bid`. */
function buyMarkedAt(bid: string): PositionExposure {
  const lots = asLots('1');
  const margin = marginRequired({
    mode: 'leveraged',
    lots,
    unitsPerLot: '100000',
    price: asPrice('1.00000'),
    leverage: 100,
    quoteToAccountRate: SAME_CURRENCY,
  });
  const floatingProfit = positionProfit({
    side: 'buy',
    openPrice: asPrice('1.00000'),
    markPrice: asPrice(bid),
    lots,
    unitsPerLot: '100000',
    quoteToAccountRate: SAME_CURRENCY,
  });
  return { orderId: 1, margin, floatingProfit };
}

describe('stop-out', () => {
  it('closes exactly at the level, one price tick below too, and not one tick above', () => {
    // Balance 0, margin 1,000: equity = 1,000 + (bid - 1) x 100,000; 50 % is reached at 0.99500.
    const level = '50';
    const balance = asMoney('0');
    expect(selectStopOut({ balance, positions: [buyMarkedAt('0.99500')], levelPercent: level })).toEqual([1]);
    expect(selectStopOut({ balance, positions: [buyMarkedAt('0.99499')], levelPercent: level })).toEqual([1]);
    expect(selectStopOut({ balance, positions: [buyMarkedAt('0.99501')], levelPercent: level })).toEqual([]);
  });

  it('closes the largest loss first and stops as soon as the rate is above the level', () => {
    // Equity = 100 + 3,000 - 1,750 = 1,350 over 3,000 margin = 45 %. Closing order 2 (loss 1,000)
    // leaves 1,350 / 2,000 = 67.5 %: above 50, so order 3 (loss 800) stays open.
    const positions = [position(1, '1000', '50'), position(2, '1000', '-1000'), position(3, '1000', '-800')];
    expect(selectStopOut({ balance: asMoney('100'), positions, levelPercent: '50' })).toEqual([2]);
    // At 70 %, 67.5 % is still at or below: order 3 goes too, then 1,350 / 1,000 = 135 %.
    expect(selectStopOut({ balance: asMoney('100'), positions, levelPercent: '70' })).toEqual([2, 3]);
  });

  it('closes the older order first when losses tie, and everything when equity is gone', () => {
    const positions = [position(9, '100', '-300'), position(4, '100', '-300'), position(7, '100', '10')];
    expect(selectStopOut({ balance: asMoney('0'), positions, levelPercent: '50' })).toEqual([4, 9, 7]);
  });

  it('closes nothing above the level or without positions', () => {
    expect(selectStopOut({ balance: asMoney('0'), positions: [], levelPercent: '50' })).toEqual([]);
    const healthy = [position(1, '1000', '-100')];
    expect(selectStopOut({ balance: asMoney('0'), positions: healthy, levelPercent: '50' })).toEqual([]);
  });

  it('leaves the account above the level (or flat), closing no more than needed, largest loss first', () => {
    const exposure = fc.record({
      margin: fc.integer({ min: 1, max: 10 ** 9 }).map((units) => decimalText(units, 6)),
      floatingProfit: fc.integer({ min: -(10 ** 10), max: 10 ** 9 }).map((units) => decimalText(units, 6)),
    });
    fc.assert(
      fc.property(
        fc.array(exposure, { maxLength: 12 }),
        fc.integer({ min: 0, max: 10 ** 10 }).map((units) => decimalText(units, 6)),
        fc.integer({ min: 1, max: 150 }),
        (rows, balance, level) => {
          const positions = rows.map((row, index) => position(index + 1, row.margin, row.floatingProfit));
          const closed = selectStopOut({ balance: asMoney(balance), positions, levelPercent: level });
          const byId = new Map(positions.map((item) => [item.orderId, item]));
          const equity = positions.reduce(
            (sum, item) => sum.plus(item.margin).plus(item.floatingProfit),
            toDecimal(balance),
          );
          const marginAfter = (count: number) =>
            positions
              .filter((item) => !closed.slice(0, count).includes(item.orderId))
              .reduce((sum, item) => sum.plus(item.margin), toDecimal(0));
          // After all closes: above the level, or nothing left.
          expect(isAtOrBelowStopOut(equity, marginAfter(closed.length), level)).toBe(false);
          // Before each close the account was at or below the level: no close was one too many.
          for (let count = 0; count < closed.length; count += 1)
            expect(isAtOrBelowStopOut(equity, marginAfter(count), level)).toBe(true);
          // Each closed order lost at least as much as every order left open and every later close.
          const open = positions.filter((item) => !closed.includes(item.orderId));
          closed.forEach((id, index) => {
            const profit = toDecimal(byId.get(id)!.floatingProfit);
            for (const later of closed.slice(index + 1))
              expect(profit.lte(byId.get(later)!.floatingProfit)).toBe(true);
            for (const kept of open) expect(profit.lte(kept.floatingProfit)).toBe(true);
          });
          expect(new Set(closed).size).toBe(closed.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
