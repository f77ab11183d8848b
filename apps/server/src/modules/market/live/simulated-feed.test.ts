import { isMarketOpen } from '@meridian/domain/market-session';
import { describe, expect, it } from 'vitest';
import { BTCUSDT_FEED as BTCUSDT, EURUSD_FEED as EURUSD } from '../../../../test/feed-instruments';
import type { PriceTick } from './feed';
import { SimulatedFeed } from './simulated-feed';

const ms = (iso: string) => new Date(iso).getTime();
// 2026-11-18 is a Wednesday; 2026-11-21 a Saturday; 2026-11-22 a Sunday.
const WEDNESDAY_NOON = ms('2026-11-18T12:00:00Z');

function feedAt(seed: number, atMs: number): SimulatedFeed {
  const feed = new SimulatedFeed(seed);
  feed.resume(EURUSD, '1.08500', atMs);
  feed.resume(BTCUSDT, '95000.00', atMs);
  return feed;
}

/** Drains a feed every `stepMs` from `fromMs` to `toMs`. */
function collect(feed: SimulatedFeed, fromMs: number, toMs: number, stepMs: number): PriceTick[] {
  const ticks: PriceTick[] = [];
  for (let now = fromMs; now <= toMs; now += stepMs) ticks.push(...feed.drain(now));
  return ticks;
}

describe('SimulatedFeed', () => {
  it('is reproducible from its seed and start, however often it is drained', () => {
    const often = collect(feedAt(42, WEDNESDAY_NOON), WEDNESDAY_NOON, WEDNESDAY_NOON + 60_000, 100);
    const seldom = collect(feedAt(42, WEDNESDAY_NOON), WEDNESDAY_NOON, WEDNESDAY_NOON + 60_000, 1000);
    expect(seldom).toEqual(often);
    const otherSeed = collect(feedAt(43, WEDNESDAY_NOON), WEDNESDAY_NOON, WEDNESDAY_NOON + 60_000, 100);
    expect(otherSeed.map((tick) => tick.price)).not.toEqual(often.map((tick) => tick.price));
  });

  it('gives each open instrument a few ticks a second, in time order, at its precision', () => {
    const ticks = collect(feedAt(7, WEDNESDAY_NOON), WEDNESDAY_NOON, WEDNESDAY_NOON + 60_000, 100);
    for (const instrument of [EURUSD, BTCUSDT]) {
      const own = ticks.filter((tick) => tick.instrumentId === instrument.id);
      expect(own.length).toBeGreaterThanOrEqual(150);
      expect(own.length).toBeLessThanOrEqual(300);
      for (const tick of own) {
        expect(tick.price.split('.')[1]).toHaveLength(instrument.pricePrecision);
        expect(Number(tick.volume)).toBeGreaterThan(0);
      }
    }
    const times = ticks.map((tick) => tick.timeMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is silent for a weekly market on Saturday while crypto keeps ticking', () => {
    const saturday = ms('2026-11-21T10:00:00Z');
    const ticks = collect(feedAt(7, saturday), saturday, saturday + 30_000, 100);
    expect(ticks.some((tick) => tick.instrumentId === EURUSD.id)).toBe(false);
    expect(ticks.filter((tick) => tick.instrumentId === BTCUSDT.id).length).toBeGreaterThan(50);
  });

  it('stops at Friday 22:00 UTC and reopens on Sunday 22:00 UTC where it closed', () => {
    const beforeClose = ms('2026-11-20T21:59:30Z');
    const feed = feedAt(11, beforeClose);
    const friday = collect(feed, beforeClose, beforeClose + 60_000, 100).filter(
      (tick) => tick.instrumentId === 1,
    );
    expect(friday.length).toBeGreaterThan(50);
    for (const tick of friday) expect(isMarketOpen('weekly', new Date(tick.timeMs))).toBe(true);
    const lastFriday = friday[friday.length - 1];
    const reopen = ms('2026-11-22T22:00:00Z');
    expect(collect(feed, reopen - 10_000, reopen - 100, 100).some((tick) => tick.instrumentId === 1)).toBe(
      false,
    );
    const sunday = collect(feed, reopen, reopen + 5000, 100).filter((tick) => tick.instrumentId === 1);
    expect(sunday[0]?.timeMs).toBeGreaterThanOrEqual(reopen);
    // No weekend jump: the first step covers at most a few seconds of model time.
    const move = Math.abs(Number(sunday[0]?.price) / Number(lastFriday?.price) - 1);
    expect(move).toBeLessThan(0.001);
  });

  it('resumes from the price it is given', () => {
    const feed = new SimulatedFeed(5);
    feed.resume(EURUSD, '1.20000', WEDNESDAY_NOON);
    const [first] = feed.drain(WEDNESDAY_NOON + 1000);
    expect(Math.abs(Number(first?.price) / 1.2 - 1)).toBeLessThan(0.001);
  });

  it('skips ticks that fell due long ago instead of replaying hours of them', () => {
    const feed = feedAt(3, WEDNESDAY_NOON);
    const ticks = feed.drain(WEDNESDAY_NOON + 3_600_000);
    expect(ticks.length).toBeLessThan(30);
    for (const tick of ticks) expect(tick.timeMs).toBeGreaterThanOrEqual(WEDNESDAY_NOON + 3_600_000 - 2000);
  });
});
