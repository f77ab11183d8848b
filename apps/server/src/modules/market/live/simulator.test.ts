import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './catalogue';
import type { FeedInstrument, HistoryRequest } from './feed';
import { SimulatedFeed } from './simulated-feed';

const DAY = 24 * 3600 * 1000;
const instrument = (code: string): FeedInstrument => {
  const index = INSTRUMENTS.findIndex((seed) => seed.code === code);
  const seed = INSTRUMENTS[index];
  if (!seed) throw new Error(code);
  const { session, pricePrecision, basePrice, annualVolatility, typicalVolume } = seed;
  return { id: index + 1, code, session, pricePrecision, basePrice, annualVolatility, typicalVolume };
};
const EURUSD = instrument('EURUSD');
const BTCUSDT = instrument('BTCUSDT');
// Wednesday 2026-11-18 12:00 UTC.
const NOW = Date.UTC(2026, 10, 18, 12);

/** Day closes of `years` of history (days only) from the instrument's base price. */
function dayCloses(seed: number, target: FeedInstrument, years: number): { time: number; close: number }[] {
  const toMs = Date.UTC(2026, 10, 18);
  const request: HistoryRequest = {
    fromMs: toMs - Math.round(years * 365.25) * DAY,
    toMs,
    minutesFromMs: toMs,
    startPrice: target.basePrice,
  };
  const closes: { time: number; close: number }[] = [];
  for (const batch of new SimulatedFeed(seed).history(target, request, 10_000)) {
    for (const day of batch.days) closes.push({ time: day.time, close: Number(day.close) });
  }
  return closes;
}

describe('the price model', () => {
  it('is reproducible from its seed', () => {
    const run = (seed: number) => {
      const feed = new SimulatedFeed(seed);
      feed.resume(EURUSD, EURUSD.basePrice, NOW);
      return feed.drain(NOW + 10_000).map((tick) => tick.price);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('publishes prices at the instrument precision', () => {
    const feed = new SimulatedFeed(7);
    feed.resume(EURUSD, EURUSD.basePrice, NOW);
    const ticks = Array.from({ length: 100 }, (_, step) => feed.drain(NOW + step * 100)).flat();
    expect(ticks.length).toBeGreaterThan(10);
    for (const tick of ticks) expect(tick.price).toMatch(/^\d+\.\d{5}$/);
  });

  it('neither drifts to zero nor explodes over ten years of days', () => {
    const closes = dayCloses(1, BTCUSDT, 10).map((day) => day.close);
    expect(closes.length).toBeGreaterThan(3600);
    expect(Math.min(...closes)).toBeGreaterThan(Number(BTCUSDT.basePrice) / 20);
    expect(Math.max(...closes)).toBeLessThan(Number(BTCUSDT.basePrice) * 20);
  });

  it('moves a forex major by a realistic amount in a day', () => {
    // One trading day of EUR/USD: standard deviation about 0.07 / sqrt(365) = 0.37 %.
    const closes = dayCloses(9, EURUSD, 6);
    const moves: number[] = [];
    for (let index = 1; index < closes.length; index += 1) {
      const [previous, day] = [closes[index - 1], closes[index]];
      // Consecutive weekdays (Tuesday to Friday): a whole day of trading between the closes.
      const weekday = new Date(day?.time ?? 0).getUTCDay();
      if (!previous || !day || day.time - previous.time !== DAY || weekday < 2 || weekday > 5) continue;
      moves.push(Math.log(day.close / previous.close));
    }
    expect(moves.length).toBeGreaterThan(1000);
    const deviation = Math.sqrt(moves.reduce((sum, move) => sum + move * move, 0) / moves.length);
    expect(deviation).toBeGreaterThan(0.0025);
    expect(deviation).toBeLessThan(0.005);
  });
});
