import type { QuoteUpdate } from '@meridian/contract/market';
import { applyTrade, type Candle, type Period } from '@meridian/domain/candles';
import { describe, expect, it } from 'vitest';
import type { RealtimePublisher } from '../../../realtime/publisher';
import { MarketBroadcaster } from './broadcast';

/** A publisher that records what it is given; `subscribed` says which topics have listeners. */
function fakePublisher(subscribed: Set<string>) {
  const published: { topic: string; data: unknown }[] = [];
  const publisher: RealtimePublisher = {
    publish: (topic, data) => published.push({ topic, data }),
    publishToUser: () => {},
    hasSubscribers: (topic) => subscribed.has(topic),
  };
  return { publisher, published };
}

const minute = applyTrade(undefined, Date.UTC(2026, 10, 18, 12, 7), '1.085004', '3');
const candleOf = (period: Period): Candle => ({
  ...minute,
  time: period === '1D' ? Date.UTC(2026, 10, 18) : minute.time,
});
const quote = (id: number): QuoteUpdate => ({
  Id: id,
  MarketStatus: 1,
  ForexQuotations: {
    Open: '1',
    Close: '1',
    Change: '0.00',
    High: '1',
    Low: '1',
    Volume: '0',
    Bid: '1',
    Ask: '1',
    Time: 0,
  },
});

describe('MarketBroadcaster', () => {
  it('publishes a kline topic only when a socket listens, with the wire candle', () => {
    const { publisher, published } = fakePublisher(new Set(['kline.1.1M', 'kline.1.1D']));
    const built: Period[] = [];
    new MarketBroadcaster(publisher).candlesChanged(1, 5, (period) => {
      built.push(period);
      return candleOf(period);
    });
    expect(published.map((message) => message.topic)).toEqual(['kline.1.1M', 'kline.1.1D']);
    // Candles of periods nobody listens to are not even built.
    expect(built).toEqual(['1M', '1D']);
    expect(published[0]?.data).toEqual({
      Time: Date.UTC(2026, 10, 18, 12, 7) / 1000,
      Open: '1.08500',
      High: '1.08500',
      Low: '1.08500',
      Close: '1.08500',
      Volume: '3',
    });
  });

  it('publishes nothing on kline topics without listeners', () => {
    const { publisher, published } = fakePublisher(new Set(['market.day', 'kline.2.1M']));
    new MarketBroadcaster(publisher).candlesChanged(1, 5, candleOf);
    expect(published).toEqual([]);
  });

  it('sends market.day at most every 250 ms, once per batch, with only the instruments that changed', () => {
    const { publisher, published } = fakePublisher(new Set(['market.day']));
    const broadcaster = new MarketBroadcaster(publisher);
    const built: number[][] = [];
    const build = (ids: number[]) => {
      built.push(ids);
      return ids.map(quote);
    };
    const start = 1_000_000;
    // Ticks every 10 ms for one second, each changing instrument 1 or 2.
    for (let elapsed = 0; elapsed < 1000; elapsed += 10) {
      broadcaster.quoteChanged(elapsed % 20 === 0 ? 1 : 2);
      broadcaster.publishQuotes(start + elapsed, build);
    }
    expect(published.length).toBe(4);
    expect(published.every((message) => message.topic === 'market.day')).toBe(true);
    expect(built).toHaveLength(published.length);
    expect(built[0]).toEqual([1]);
    expect(built[1]?.sort()).toEqual([1, 2]);
  });

  it('sends nothing when nothing changed or nobody listens', () => {
    const quiet = fakePublisher(new Set(['market.day']));
    new MarketBroadcaster(quiet.publisher).publishQuotes(0, () => [quote(1)]);
    expect(quiet.published).toEqual([]);
    const deaf = fakePublisher(new Set());
    const broadcaster = new MarketBroadcaster(deaf.publisher);
    broadcaster.quoteChanged(1);
    broadcaster.publishQuotes(0, () => [quote(1)]);
    expect(deaf.published).toEqual([]);
  });
});
