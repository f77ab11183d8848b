import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerBuys,
  type ExecutionFill,
  executionFigures,
  nearestRank,
  periodTotals,
  pricePoint,
  referencePrice,
  secondsWithinDay,
  share,
  slippagePoints,
  spreadPoints,
  utcDay,
  utcDaysOf,
} from './execution-quality';
import { toDecimal } from './money';

function fill(fields: Partial<ExecutionFill>): ExecutionFill {
  return {
    kind: 'market_open',
    side: 'buy',
    price: '1.10010',
    bid: '1.10000',
    ask: '1.10010',
    triggerPrice: null,
    requestedAtMs: 1_000,
    filledAtMs: 1_004,
    ...fields,
  };
}

describe('execution quality: one fill', () => {
  it('a point is 10^-precision', () => {
    expect(pricePoint(5).toString()).toBe('0.00001');
    expect(pricePoint(2).toString()).toBe('0.01');
    expect(pricePoint(0).toString()).toBe('1');
  });

  it('the customer buys on a buy open and on a sell close', () => {
    expect(customerBuys('market_open', 'buy')).toBe(true);
    expect(customerBuys('copy_open', 'sell')).toBe(false);
    expect(customerBuys('manual_close', 'buy')).toBe(false);
    expect(customerBuys('stop_loss', 'sell')).toBe(true);
  });

  it('the reference is the quote side the customer trades at, or a trigger fill its trigger price', () => {
    expect(referencePrice(fill({ kind: 'market_open', side: 'buy' })).toString()).toBe('1.1001');
    expect(referencePrice(fill({ kind: 'market_open', side: 'sell' })).toString()).toBe('1.1');
    expect(referencePrice(fill({ kind: 'manual_close', side: 'buy' })).toString()).toBe('1.1');
    expect(referencePrice(fill({ kind: 'stop_out', side: 'sell' })).toString()).toBe('1.1001');
    expect(referencePrice(fill({ kind: 'stop_loss', side: 'buy', triggerPrice: '1.10020' })).toString()).toBe(
      '1.1002',
    );
  });

  it('a fill at the quote has no slippage; a stop-loss filled beyond its trigger is negative', () => {
    expect(slippagePoints(fill({}), 5).toString()).toBe('0');
    // A buy's stop-loss at 1.10020 closes at the crossing bid 1.10000: 20 points worse for the seller.
    const stop = fill({ kind: 'stop_loss', side: 'buy', price: '1.10000', triggerPrice: '1.10020' });
    expect(slippagePoints(stop, 5).toString()).toBe('-20');
    // A sell's take-profit at 1.10020 closes by buying at 1.10010: 10 points better for the buyer.
    const profit = fill({ kind: 'take_profit', side: 'sell', price: '1.10010', triggerPrice: '1.10020' });
    expect(slippagePoints(profit, 5).toString()).toBe('10');
    // A sell open at a bid above the quote (better for the seller): positive.
    expect(slippagePoints(fill({ side: 'sell', price: '1.10003' }), 5).toString()).toBe('3');
  });

  it('the spread in points', () => {
    expect(spreadPoints(fill({}), 5).toString()).toBe('10');
    expect(spreadPoints({ bid: '150.10', ask: '150.13' }, 2).toString()).toBe('3');
  });
});

describe('execution quality: percentiles and share', () => {
  it('nearest rank: the value at rank ceil(p/100 x n)', () => {
    expect(nearestRank([], 50)).toBeUndefined();
    expect(nearestRank([7], 95)).toBe(7);
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank([...Array(20).keys()], 95)).toBe(18);
    expect(nearestRank([...Array(100).keys()], 95)).toBe(94);
    expect(() => nearestRank([1], 0)).toThrow();
  });

  it('share, 4 places half up', () => {
    expect(share(0, 0)).toBe('0.0000');
    expect(share(2, 3)).toBe('0.6667');
    expect(share(3, 3)).toBe('1.0000');
  });

  it('nearest-rank percentile is an observed value, at least p % of values are at or below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (values, percent) => {
          const sorted = [...values].sort((a, b) => a - b);
          const value = nearestRank(sorted, percent);
          expect(value).toBeDefined();
          expect(values).toContain(value);
          const atOrBelow = sorted.filter((v) => v <= (value as number)).length;
          const below = sorted.filter((v) => v < (value as number)).length;
          expect(atOrBelow / sorted.length).toBeGreaterThanOrEqual(percent / 100);
          expect(below / sorted.length).toBeLessThan(percent / 100);
        },
      ),
    );
  });
});

describe('execution quality: a day of fills', () => {
  it('no fills: zero counts and nulls', () => {
    expect(executionFigures([], 5)).toEqual({
      fills: 0,
      positive_fills: 0,
      positive_median: null,
      positive_p95: null,
      negative_fills: 0,
      negative_median: null,
      negative_p95: null,
      at_or_better_share: '0.0000',
      fill_ms_median: null,
      fill_ms_p95: null,
      spread_median: null,
    });
  });

  it('better and worse fills apart, share at or better, delays and spread', () => {
    const fills = [
      fill({ requestedAtMs: 0, filledAtMs: 5 }),
      fill({ price: '1.10008', requestedAtMs: 0, filledAtMs: 3 }),
      fill({ price: '1.10012', requestedAtMs: 0, filledAtMs: 9 }),
      fill({ kind: 'stop_loss', price: '1.10000', triggerPrice: '1.10005', requestedAtMs: 0, filledAtMs: 1 }),
      fill({ bid: '1.10000', ask: '1.10030', price: '1.10030', requestedAtMs: 0, filledAtMs: 2 }),
    ];
    expect(executionFigures(fills, 5)).toEqual({
      fills: 5,
      positive_fills: 1,
      positive_median: '2',
      positive_p95: '2',
      negative_fills: 2,
      negative_median: '-2',
      negative_p95: '-5',
      at_or_better_share: '0.6000',
      fill_ms_median: 3,
      fill_ms_p95: 9,
      spread_median: '10',
    });
  });

  it('counts add up and the share matches the non-negative slippages (random fills)', () => {
    const arbitraryFill = fc.record({
      kind: fc.constantFrom(
        'market_open',
        'manual_close',
        'stop_loss',
        'take_profit',
        'pending_fill',
        'stop_out',
      ),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      bidPoints: fc.integer({ min: 100_000, max: 120_000 }),
      spread: fc.integer({ min: 0, max: 30 }),
      pricePoints: fc.integer({ min: 99_900, max: 120_100 }),
      triggerPoints: fc.integer({ min: 99_900, max: 120_100 }),
      delay: fc.integer({ min: 0, max: 5_000 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryFill, { maxLength: 40 }), (drawn) => {
        const point = pricePoint(5);
        const fills = drawn.map((d) =>
          fill({
            kind: d.kind,
            side: d.side,
            bid: point.times(d.bidPoints).toFixed(5),
            ask: point.times(d.bidPoints + d.spread).toFixed(5),
            price: point.times(d.pricePoints).toFixed(5),
            triggerPrice: point.times(d.triggerPoints).toFixed(5),
            requestedAtMs: 0,
            filledAtMs: d.delay,
          }),
        );
        const figures = executionFigures(fills, 5);
        const slips = fills.map((f) => slippagePoints(f, 5));
        expect(figures.fills).toBe(fills.length);
        expect(figures.positive_fills).toBe(slips.filter((s) => s.gt(0)).length);
        expect(figures.negative_fills).toBe(slips.filter((s) => s.lt(0)).length);
        const atOrBetter = slips.filter((s) => s.gte(0)).length;
        if (fills.length > 0)
          expect(
            toDecimal(figures.at_or_better_share)
              .minus(atOrBetter / fills.length)
              .abs()
              .lte('0.00005'),
          ).toBe(true);
        if (figures.positive_median !== null) expect(toDecimal(figures.positive_median).gt(0)).toBe(true);
        if (figures.negative_median !== null && figures.negative_p95 !== null) {
          expect(toDecimal(figures.negative_median).lt(0)).toBe(true);
          // The 95th percentile of worse fills is at least as bad as their median.
          expect(toDecimal(figures.negative_p95).lte(figures.negative_median)).toBe(true);
        }
        if (figures.fill_ms_median !== null && figures.fill_ms_p95 !== null)
          expect(figures.fill_ms_p95).toBeGreaterThanOrEqual(figures.fill_ms_median);
      }),
    );
  });
});

describe('execution quality: a period of days', () => {
  it('no days: zero fills, share 0', () => {
    expect(periodTotals([])).toEqual({
      fills: 0,
      days_with_fills: 0,
      at_or_better_share: '0.0000',
      stale_seconds: 0,
    });
  });

  it("the period's share at or better is that of all its fills pooled, not an average of the days' shares", () => {
    // Day 1: 1 fill, worse. Day 2: 3 fills, all at or better. Averaging shares would give 0.5.
    const totals = periodTotals([
      { fills: 1, negative_fills: 1, stale_seconds: 30 },
      { fills: 0, negative_fills: 0, stale_seconds: 12 },
      { fills: 3, negative_fills: 0, stale_seconds: 0 },
    ]);
    expect(totals).toEqual({ fills: 4, days_with_fills: 2, at_or_better_share: '0.7500', stale_seconds: 42 });
  });

  it('equals the figures of the days taken together (random fills split into days)', () => {
    const day = fc.array(
      fc.record({
        pricePoints: fc.integer({ min: 109_990, max: 110_030 }),
        side: fc.constantFrom('buy', 'sell'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(fc.array(day, { maxLength: 8 }), (days) => {
        const point = pricePoint(5);
        const fillsOf = (drawn: { pricePoints: number; side: string }[]) =>
          drawn.map((d) =>
            fill({ side: d.side === 'buy' ? 'buy' : 'sell', price: point.times(d.pricePoints).toFixed(5) }),
          );
        const daily = days.map((drawn) => ({ ...executionFigures(fillsOf(drawn), 5), stale_seconds: 0 }));
        const pooled = executionFigures(fillsOf(days.flat()), 5);
        const totals = periodTotals(daily);
        expect(totals.fills).toBe(pooled.fills);
        expect(totals.at_or_better_share).toBe(pooled.at_or_better_share);
      }),
    );
  });
});

describe('execution quality: UTC days', () => {
  it('an instant falls on its UTC day', () => {
    expect(utcDay(Date.UTC(2026, 10, 27, 23, 59, 59, 999))).toBe('2026-11-27');
    expect(utcDay(Date.UTC(2026, 10, 28, 0, 0, 0))).toBe('2026-11-28');
  });

  it('an interval across midnight counts on both days and touches both', () => {
    const start = Date.UTC(2026, 10, 27, 23, 59, 30);
    const end = Date.UTC(2026, 10, 28, 0, 1, 0);
    expect(secondsWithinDay(start, end, '2026-11-27')).toBe(30);
    expect(secondsWithinDay(start, end, '2026-11-28')).toBe(60);
    expect(secondsWithinDay(start, end, '2026-11-29')).toBe(0);
    expect(utcDaysOf(start, end)).toEqual(['2026-11-27', '2026-11-28']);
    expect(utcDaysOf(start, start)).toEqual(['2026-11-27']);
  });
});
