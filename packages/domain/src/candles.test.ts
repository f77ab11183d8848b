import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  applyTrade,
  applyTradeDecimal,
  type Candle,
  mergeCandles,
  PERIOD_NAMES,
  PERIODS,
  periodStartMs,
} from './candles';
import { toDecimal } from './money';

const MINUTE = 60_000;

/** Random one-minute candles, consecutive from an aligned start, with consistent OHLC. */
const minuteCandles = fc
  .array(
    fc.tuple(
      fc.integer({ min: 1, max: 100_000 }),
      fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 1000 }),
    ),
    {
      minLength: 1,
      maxLength: 400,
    },
  )
  .map((rows) => {
    const start = Date.UTC(2026, 10, 16, 0, 0);
    return rows.map(([first, rest, volume], index) => {
      let candle: Candle | undefined;
      for (const price of [first, ...rest])
        candle = applyTrade(candle, start + index * MINUTE, toDecimal(price).div(100), 0);
      return { ...(candle as Candle), volume: String(volume) };
    });
  });

describe('candles', () => {
  it('a coarser candle equals the aggregate of its one-minute candles', () => {
    fc.assert(
      fc.property(minuteCandles, fc.constantFrom(...PERIOD_NAMES), (minutes, period) => {
        const aggregated = aggregateCandles(minutes, period);
        for (const candle of aggregated) {
          const members = minutes.filter((m) => periodStartMs(period, m.time) === candle.time);
          expect(candle.open).toBe(members[0]?.open);
          expect(candle.close).toBe(members[members.length - 1]?.close);
          const highs = members.map((m) => toDecimal(m.high));
          const lows = members.map((m) => toDecimal(m.low));
          expect(toDecimal(candle.high).eq(highs.reduce((a, b) => (a.gt(b) ? a : b)))).toBe(true);
          expect(toDecimal(candle.low).eq(lows.reduce((a, b) => (a.lt(b) ? a : b)))).toBe(true);
          const volume = members.reduce((sum, m) => sum.plus(m.volume), toDecimal(0));
          expect(toDecimal(candle.volume).eq(volume)).toBe(true);
        }
        const total = aggregated.reduce((sum, c) => sum.plus(c.volume), toDecimal(0));
        expect(total.eq(minutes.reduce((sum, m) => sum.plus(m.volume), toDecimal(0)))).toBe(true);
      }),
    );
  });

  it('15M candles start at quarter hours and days at 00:00 UTC', () => {
    expect(periodStartMs('15M', Date.UTC(2026, 10, 16, 10, 44, 59))).toBe(Date.UTC(2026, 10, 16, 10, 30));
    expect(periodStartMs('1D', Date.UTC(2026, 10, 16, 23, 59))).toBe(Date.UTC(2026, 10, 16));
    expect(PERIODS['1H']).toBe(60);
  });

  it('a trade updates high, low, close and volume of its candle', () => {
    let candle = applyTrade(undefined, 0, '1.1000', '1');
    candle = applyTrade(candle, 0, '1.1050', '2');
    candle = applyTrade(candle, 0, '1.0990', '3');
    expect(candle).toEqual({
      time: 0,
      open: '1.1',
      high: '1.105',
      low: '1.099',
      close: '1.099',
      volume: '6',
    });
  });

  it('merging the two halves of a candle equals aggregating the whole', () => {
    fc.assert(
      fc.property(minuteCandles, fc.nat(), (minutes, cut) => {
        const hourOf = minutes.filter(
          (m) => periodStartMs('1H', m.time) === periodStartMs('1H', minutes[0]?.time ?? 0),
        );
        const split = 1 + (cut % Math.max(hourOf.length, 1));
        if (split >= hourOf.length) return;
        const [whole] = aggregateCandles(hourOf, '1H');
        const [first] = aggregateCandles(hourOf.slice(0, split), '1H');
        const [second] = aggregateCandles(hourOf.slice(split), '1H');
        if (!whole || !first || !second) throw new Error('empty aggregate');
        expect(mergeCandles(first, second)).toEqual(whole);
      }),
    );
  });
});

describe('folding plain prices without decimals', () => {
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
  // Prices as feeds and the database write them: trailing and leading zeros, long, tiny, huge.
  const text = fc.oneof(
    fc
      .tuple(digits(1, 12), digits(0, 9))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole)),
    fc.constantFrom('0', '0.0000001', '0.000001', '95000.00000000', '1234567890123456', '1e5', '-1.5'),
  );
  const canonicalText = text.filter((value) => /^\d/.test(value)).map((value) => toDecimal(value).toString());

  it('gives the same candle as the decimal fold, for any candle and price', () => {
    fc.assert(
      fc.property(
        fc.record({ high: fc.oneof(text, canonicalText), low: fc.oneof(text, canonicalText) }),
        fc.oneof(canonicalText, fc.constant('0.00000000'), fc.constant('12')),
        text,
        fc.constantFrom('0', '1', 0),
        ({ high, low }, volume, price, traded) => {
          if (!/^\d/.test(high) || !/^\d/.test(low)) return;
          const candle = { time: 0, open: '1', high, low, close: '1', volume };
          expect(applyTrade(candle, 0, price, traded)).toEqual(applyTradeDecimal(candle, 0, price, traded));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
