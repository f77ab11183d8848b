import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { ScriptedQuoteSource } from '../../../../test/scripted-quote-source';
import { until } from '../../../../test/wait';
import { rowsOf } from '../../../db/migrate';
import type { RealtimePublisher } from '../../../realtime/publisher';
import { RealFeed } from '../feeds/real-feed';
import type { PriceTick } from './feed';
import { MarketRuntime } from './runtime';
import { SimulatedFeed } from './simulated-feed';
import { openRedisTickRelay, type TickRelay } from './tick-relay';

const BTCUSDT = 13;
const EURUSD = 1;
const silentLog = Fastify({ logger: false }).log;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Two relays joined in memory: what one sends, the other takes (a node never hears itself). */
function relayPair(): [TickRelay, TickRelay] {
  const inboxes: PriceTick[][] = [[], []];
  const relay = (own: 0 | 1): TickRelay => ({
    send: (ticks) => inboxes[own === 0 ? 1 : 0]?.push(...ticks),
    take: () => (inboxes[own] ?? []).splice(0),
    close: async () => {},
  });
  return [relay(0), relay(1)];
}

function recorder(): RealtimePublisher & { topics: string[] } {
  const topics: string[] = [];
  return { topics, publish: (topic) => topics.push(topic), publishToUser() {}, hasSubscribers: () => true };
}

describe('one feed per installation: the leading node runs it, the others follow its ticks', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`update instruments set enabled = false where code not in ('EURUSD', 'BTCUSDT')`,
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it('quotes the leader prices on the follower, publishes and writes candles only on the leader, and hands over', async () => {
    // Wednesday noon: both markets open. Different seeds: a follower on its own feed would differ at once.
    const clock: TestClock = createTestClock(new Date('2026-11-18T12:00:00Z'));
    const [relayA, relayB] = relayPair();
    const leader = { a: true, b: false };
    const pushesA = recorder();
    const pushesB = recorder();
    const nodeA = new MarketRuntime(
      { db: database.db, clock, realtime: pushesA, log: silentLog },
      {
        autoStart: false,
        backfill: false,
        feed: new SimulatedFeed(1),
        follow: { relay: relayA, leads: () => leader.a },
      },
    );
    const nodeB = new MarketRuntime(
      { db: database.db, clock, realtime: pushesB, log: silentLog },
      {
        autoStart: false,
        backfill: false,
        feed: new SimulatedFeed(2),
        follow: { relay: relayB, leads: () => leader.b },
      },
    );
    await nodeA.start();
    await nodeB.start();

    const run = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 250) {
        clock.advance(250);
        await nodeA.tick();
        await nodeB.tick();
      }
    };
    const start = nodeA.quotation(BTCUSDT, clock.now().getTime())?.Close;
    await run(10_000);
    const now = () => clock.now().getTime();
    expect(nodeA.leads).toBe(true);
    expect(nodeB.leads).toBe(false);
    expect(nodeA.quotation(BTCUSDT, now())?.Close).not.toBe(start);
    for (const id of [BTCUSDT, EURUSD]) {
      expect(nodeB.quotation(id, now())).toEqual(nodeA.quotation(id, now()));
      expect(nodeB.memoryCandles(id, '1M')).toEqual(nodeA.memoryCandles(id, '1M'));
    }
    expect(pushesA.topics).toContain('market.day');
    expect(pushesB.topics).toEqual([]);

    // The leader changes: B resumes the feed from the last price, and A follows B.
    leader.a = false;
    leader.b = true;
    const handedOver = Number(nodeB.quotation(BTCUSDT, now())?.Close);
    // B's tick runs before A's from here on, as the leader's would.
    for (let elapsed = 0; elapsed < 10_000; elapsed += 250) {
      clock.advance(250);
      await nodeB.tick();
      await nodeA.tick();
    }
    expect(nodeB.leads).toBe(true);
    expect(nodeA.leads).toBe(false);
    const after = Number(nodeB.quotation(BTCUSDT, now())?.Close);
    expect(after).not.toBe(handedOver);
    // The path goes on from where it was handed over: no jump to another path.
    expect(Math.abs(after / handedOver - 1)).toBeLessThan(0.01);
    for (const id of [BTCUSDT, EURUSD])
      expect(nodeA.quotation(id, now())).toEqual(nodeB.quotation(id, now()));
    expect(pushesB.topics).toContain('market.day');

    // Candles are the leader's to write: a follower holding unwritten ticks writes nothing, not even
    // when it stops. (Stored volumes are zeroed first, so any write of its would show.)
    await nodeB.stop();
    await database.db.execute(sql`update candles set volume = 0`);
    const relayedTick = async (price: string) => {
      clock.advance(250);
      relayB.send([{ instrumentId: BTCUSDT, timeMs: now(), price, volume: '2' }]);
      await nodeA.tick();
      expect(nodeA.quotation(BTCUSDT, now())?.Close).toBe(price);
    };
    // A relayed tick, then past the flush interval (a leader writes there), then one left unwritten.
    clock.advance(6_000);
    await nodeA.tick();
    await relayedTick('91234.56');
    clock.advance(6_000);
    await nodeA.tick();
    await relayedTick('91240.10');
    await nodeA.stop();
    const volumes = rowsOf<{ volume: string }>(
      await database.db.execute(sql`select volume::text as volume from candles`),
    );
    expect(volumes.length).toBeGreaterThan(0);
    expect(volumes.filter((row) => Number(row.volume) !== 0)).toEqual([]);
  });

  it('runs a real feed on the leader only: the follower prices its quotes, and a hand-over carries on without a gap', async () => {
    const clock: TestClock = createTestClock(new Date('2026-11-18T12:00:00Z'));
    const now = () => clock.now().getTime();
    const [relayA, relayB] = relayPair();
    const leader = { a: true, b: false };
    const sources = { a: new ScriptedQuoteSource(), b: new ScriptedQuoteSource() };
    const node = (source: ScriptedQuoteSource, relay: TickRelay, leads: () => boolean) =>
      new MarketRuntime(
        { db: database.db, clock, realtime: recorder(), log: silentLog },
        {
          autoStart: false,
          backfill: false,
          feed: new RealFeed({ primary: source, failoverMs: 5_000, failbackMs: 5_000, now, log: silentLog }),
          follow: { relay, leads },
        },
      );
    const nodeA = node(sources.a, relayA, () => leader.a);
    const nodeB = node(sources.b, relayB, () => leader.b);
    await nodeA.start();
    await nodeB.start();
    await nodeA.tick();
    await nodeB.tick();
    // Only the leader connects to the provider (two sessions with one CompID would clash).
    expect(nodeA.realFeed?.running).toBe(true);
    expect(nodeB.realFeed?.running).toBe(false);
    expect(sources.a.symbols).toContain('EURUSD');

    // Three quarters of a minute between quotes, so the candles span the hand-over's minutes.
    const quote = async (source: ScriptedQuoteSource, bid: string, ask: string) => {
      clock.advance(45_000);
      source.quote('EURUSD', bid, ask);
      await (leader.a ? nodeA : nodeB).tick();
      await (leader.a ? nodeB : nodeA).tick();
    };
    await quote(sources.a, '1.08500', '1.08510');
    await quote(sources.a, '1.08502', '1.08512');
    // The follower quotes the leader's bid and ask (relayed with the tick), and trades on them.
    expect(nodeB.quote(EURUSD)).toEqual({ bid: '1.08502', ask: '1.08512' });
    expect(nodeB.marketState(EURUSD, now())).toEqual({ status: 1, reason: null });
    expect(nodeB.quotation(EURUSD, now())).toEqual(nodeA.quotation(EURUSD, now()));

    // The leader changes: B connects and carries on; A disconnects and follows B.
    leader.a = false;
    leader.b = true;
    clock.advance(250);
    await nodeB.tick();
    await nodeA.tick();
    expect(nodeB.realFeed?.running).toBe(true);
    expect(nodeA.realFeed?.running).toBe(false);
    expect(sources.b.symbols).toContain('EURUSD');
    await quote(sources.b, '1.08504', '1.08514');
    expect(nodeA.quote(EURUSD)).toEqual({ bid: '1.08504', ask: '1.08514' });
    // One minute candle after another, with no minute missing across the hand-over.
    const minutes = nodeB.memoryCandles(EURUSD, '1M')?.candles ?? [];
    const times = minutes.slice(-3).map((candle) => candle.time);
    expect(times).toHaveLength(3);
    for (let index = 1; index < times.length; index += 1)
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeLessThanOrEqual(60_000);
    expect(minutes.at(-1)?.close).toBe('1.08509');
    await nodeA.stop();
    await nodeB.stop();
  });

  it('carries ticks between nodes through Redis, each on its installation channel, never back to the sender', async () => {
    const channel = `meridian:test:ticks:${randomBytes(6).toString('hex')}`;
    const a = await openRedisTickRelay({ url: REDIS_URL, channel, log: silentLog });
    const b = await openRedisTickRelay({ url: REDIS_URL, channel, log: silentLog });
    const other = await openRedisTickRelay({ url: REDIS_URL, channel: `${channel}:other`, log: silentLog });
    try {
      const ticks: PriceTick[] = [
        { instrumentId: BTCUSDT, timeMs: 1_000, price: '95000.12', volume: '0.5' },
        { instrumentId: EURUSD, timeMs: 1_001, price: '1.08421', volume: '3' },
        // A real feed's ticks carry their sides, and the feed's own time when it gave one.
        { instrumentId: EURUSD, timeMs: 1_002, price: '1.08425', volume: '0', bid: '1.0842', ask: '1.0843' },
        {
          instrumentId: EURUSD,
          timeMs: 1_003,
          price: '1.08426',
          volume: '0',
          bid: '1.08421',
          ask: '1.08431',
          feedMs: 990,
        },
      ];
      a.send(ticks);
      const received: PriceTick[] = [];
      await until(() => {
        received.push(...b.take());
        return received.length >= 4;
      }, 'the relayed ticks');
      expect(received).toEqual(ticks);
      expect(a.take()).toEqual([]);
      expect(other.take()).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
