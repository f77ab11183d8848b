import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestApp } from '../../../../test/app';
import { ManualFeed } from '../../../../test/manual-feed';
import { startTestNodes, type TestNodes } from '../../../../test/nodes';

const BTCUSDT = 13;
const clock = createTestClock(new Date('2026-11-18T12:00:00Z'));

type Node = { app: TestApp['app']; feed: ManualFeed };

/** Runs a node's market loop until its quote shows `close` (the relay is asynchronous). */
async function tickUntil(node: Node, close: string): Promise<string | undefined> {
  let seen: string | undefined;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await node.app.market.tick();
    seen = node.app.market.quotation(BTCUSDT, clock.now().getTime())?.Close;
    if (seen === close) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen;
}

let installation: TestNodes;
let leader: Node;
let follower: Node;

beforeAll(async () => {
  // Several nodes need PostgreSQL and Redis (the machine's, as in CI), whatever engine the run's
  // other tests use. The first node takes the engine's lock; the second finds it taken.
  const feeds = [new ManualFeed(clock), new ManualFeed(clock)];
  installation = await startTestNodes(2, {
    postgres: true,
    prepare: async (database) => {
      await database.db.execute(
        sql`update instruments set enabled = false where code not in ('EURUSD', 'BTCUSDT')`,
      );
    },
    node: (index) => ({ clock, market: { autoStart: false, backfill: false, feed: feeds[index] } }),
  });
  const [first, second] = installation.nodes.map((node, index) => ({
    app: node.app,
    feed: feeds[index] as ManualFeed,
  }));
  leader = first as Node;
  follower = second as Node;
});

afterAll(async () => {
  await installation?.close();
});

describe('two server nodes on one database and Redis', () => {
  it('run one feed: the engine node prices, the other quotes its prices and ignores its own feed', async () => {
    expect(leader.app.engine.isActive).toBe(true);
    expect(follower.app.engine.isActive).toBe(false);

    clock.advance(1_000);
    leader.feed.set(BTCUSDT, '95001.25');
    // The other node's own feed says something else: it must not be used.
    follower.feed.set(BTCUSDT, '12345.67');
    await leader.app.market.tick();
    expect(await tickUntil(follower, '95001.25')).toBe('95001.25');
    expect(leader.app.market.leads).toBe(true);
    expect(follower.app.market.leads).toBe(false);
    expect(follower.app.market.quote(BTCUSDT)).toEqual(leader.app.market.quote(BTCUSDT));

    clock.advance(1_000);
    leader.feed.set(BTCUSDT, '95010.00');
    await leader.app.market.tick();
    expect(await tickUntil(follower, '95010.00')).toBe('95010.00');
    expect(follower.app.market.memoryCandles(BTCUSDT, '1M')).toEqual(
      leader.app.market.memoryCandles(BTCUSDT, '1M'),
    );
  });
});
