import { aggregateCandles, type Candle } from '@meridian/domain/candles';
import { isMarketOpen } from '@meridian/domain/market-session';
import { toDecimal } from '@meridian/domain/money';
import { describe, expect, it } from 'vitest';
import { EURUSD_FEED as EURUSD } from '../../../../test/feed-instruments';
import type { FeedInstrument, HistoryRequest } from './feed';
import { SimulatedFeed } from './simulated-feed';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Wednesday 2026-11-18 12:00 UTC. Days from Thursday 2026-10-29, minutes from Monday 2026-11-09:
// the stretch holds three weekends, one of them inside the minutes.
const now = Date.UTC(2026, 10, 18, 12, 0);
const today = Date.UTC(2026, 10, 18);
const request: HistoryRequest = {
  fromMs: today - 20 * DAY,
  toMs: now,
  minutesFromMs: today - 9 * DAY,
  startPrice: '1.08500',
};

function generate(instrument: FeedInstrument, seed = 1) {
  const minutes: Candle[] = [];
  const days: Candle[] = [];
  for (const batch of new SimulatedFeed(seed).history(instrument, request, 5000)) {
    minutes.push(...batch.minutes);
    days.push(...batch.days);
  }
  return { minutes, days };
}

const isOrdered = (candles: Candle[]) =>
  candles.every((candle, i) => i === 0 || (candles[i - 1]?.time ?? 0) < candle.time);

describe('history by the simulator', () => {
  const { minutes, days } = generate(EURUSD);

  it('covers the promised ranges, up to the minute in progress', () => {
    expect(days[0]?.time).toBe(request.fromMs);
    expect(days[days.length - 1]?.time).toBe(today);
    expect(minutes[0]?.time).toBe(request.minutesFromMs);
    expect(minutes[minutes.length - 1]?.time).toBe(now - MINUTE);
    expect(isOrdered(minutes) && isOrdered(days)).toBe(true);
    // 9 days with one weekend (48 closed hours), plus 12 hours today.
    expect(minutes).toHaveLength((9 * 24 - 48 + 12) * 60);
  });

  it('has no candle while the market is closed, and no day candle on Saturday', () => {
    for (const minute of minutes) expect(isMarketOpen('weekly', new Date(minute.time))).toBe(true);
    for (const day of days) expect(new Date(day.time).getUTCDay()).not.toBe(6);
    // Sunday's candle holds only its last two hours.
    const sunday = days.find(
      (day) => new Date(day.time).getUTCDay() === 0 && day.time >= request.minutesFromMs,
    );
    const sundayMinutes = minutes.filter(
      (minute) => minute.time >= (sunday?.time ?? 0) && minute.time < (sunday?.time ?? 0) + DAY,
    );
    expect(sundayMinutes).toHaveLength(120);
  });

  it('makes each day of the minute range exactly the aggregate of its minutes', () => {
    const aggregated = aggregateCandles(minutes, '1D');
    const stored = days.filter((day) => day.time >= request.minutesFromMs);
    expect(stored).toEqual(aggregated);
  });

  it('has consistent candles at the instrument precision', () => {
    for (const candle of [...minutes, ...days]) {
      const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(toDecimal);
      expect(high?.gte(open ?? 0) && high.gte(close ?? 0) && low?.lte(open ?? 0) && low.lte(close ?? 0)).toBe(
        true,
      );
      expect(candle.close.split('.')[1]).toHaveLength(5);
      expect(Number(candle.volume)).toBeGreaterThan(0);
    }
  });

  it('continues one path: minutes follow the days, and the start price', () => {
    // Neighbouring minutes and days join without a gap larger than a normal move.
    for (let i = 1; i < minutes.length; i += 1) {
      const jump = Math.abs(Number(minutes[i]?.open) / Number(minutes[i - 1]?.close) - 1);
      expect(jump).toBeLessThan(0.003);
    }
    const lastDayBefore = days.filter((day) => day.time < request.minutesFromMs).at(-1);
    expect(Math.abs(Number(minutes[0]?.open) / Number(lastDayBefore?.close) - 1)).toBeLessThan(0.003);
    expect(Math.abs(Number(days[0]?.open) / 1.085 - 1)).toBeLessThan(0.003);
  });

  it('is reproducible from the seed', () => {
    expect(generate(EURUSD, 1).minutes.slice(-50)).toEqual(minutes.slice(-50));
    expect(generate(EURUSD, 2).minutes.slice(-50)).not.toEqual(minutes.slice(-50));
  });

  it('writes crypto around the clock', () => {
    const crypto = generate({
      ...EURUSD,
      id: 13,
      code: 'BTCUSDT',
      session: 'always',
      pricePrecision: 2,
      basePrice: '95000.00',
    });
    expect(crypto.minutes).toHaveLength((9 * 24 + 12) * 60);
    expect(crypto.days).toHaveLength(21);
  });
});
