import { describe, expect, it } from 'vitest';
import type { FeedInstrument, PriceTick } from '../src/modules/market/live/feed';
import { BTCUSDT_FEED as BTCUSDT, EURUSD_FEED as EURUSD } from './feed-instruments';
import { FixedPriceFeed } from './fixed-price-feed';

const ETHUSDT: FeedInstrument = { ...BTCUSDT, id: 14, code: 'ETHUSDT', basePrice: '3400.00' };
// 2026-11-18 is a Wednesday, 2026-11-21 a Saturday.
const WEDNESDAY_NOON = Date.parse('2026-11-18T12:00:00Z');
const SATURDAY_NOON = Date.parse('2026-11-21T12:00:00Z');

function drainEvery(feed: FixedPriceFeed, fromMs: number, toMs: number): PriceTick[] {
  const ticks: PriceTick[] = [];
  for (let now = fromMs; now <= toMs; now += 250) ticks.push(...feed.drain(now));
  return ticks;
}

describe('FixedPriceFeed (the browser tests that need known prices)', () => {
  it('holds a pinned instrument at its price, live and in history, while the others walk', () => {
    const feed = new FixedPriceFeed({ BTCUSDT: '123456.78', EURUSD: '1.25000' });
    for (const instrument of [BTCUSDT, ETHUSDT, EURUSD])
      feed.resume(instrument, instrument.basePrice, WEDNESDAY_NOON);
    const ticks = drainEvery(feed, WEDNESDAY_NOON, WEDNESDAY_NOON + 30_000);
    const prices = (id: number) =>
      new Set(ticks.filter((tick) => tick.instrumentId === id).map((tick) => tick.price));
    expect(ticks.filter((tick) => tick.instrumentId === BTCUSDT.id).length).toBeGreaterThan(50);
    expect(prices(BTCUSDT.id)).toEqual(new Set(['123456.78']));
    expect(prices(EURUSD.id)).toEqual(new Set(['1.25000']));
    expect(prices(ETHUSDT.id).size).toBeGreaterThan(10);

    const request = {
      fromMs: WEDNESDAY_NOON - 3_600_000,
      toMs: WEDNESDAY_NOON,
      minutesFromMs: 0,
      startPrice: '95000.00',
    };
    const minutes = [...feed.history(BTCUSDT, request, 60)].flatMap((batch) => batch.minutes);
    expect(minutes).toHaveLength(60);
    for (const minute of minutes) {
      expect([minute.open, minute.high, minute.low, minute.close]).toEqual(Array(4).fill('123456.78'));
    }
  });

  it('keeps the sessions: a pinned forex price does not tick while its market is closed', () => {
    const feed = new FixedPriceFeed({ EURUSD: '1.25000' });
    feed.resume(EURUSD, EURUSD.basePrice, SATURDAY_NOON);
    expect(drainEvery(feed, SATURDAY_NOON, SATURDAY_NOON + 10_000)).toEqual([]);
  });
});
