import type { Order } from '@meridian/contract/trading';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestApp } from '../../../../test/app';
import { ManualFeed } from '../../../../test/manual-feed';
import { startTestNodes, type TestNodes } from '../../../../test/nodes';
import { demoTrader, EURUSD, submit } from '../../../../test/trading';
import { until } from '../../../../test/wait';
import { rowsOf } from '../../../db/migrate';

/*
 * A rolling restart's hand-over of the trading engine (docs/operations.md, "Rolling restarts"): the
 * standby node queues for the engine's lock, so it takes the lead as soon as the leader lets go,
 * rebuilds from the database, and fires the triggers the leader left resting.
 */

// Wednesday noon UTC: forex is open.
const clock = createTestClock(new Date('2026-11-18T12:00:00Z'));
/** Generous: the hand-over waits for no timer, but the machine may be loaded. */
const TAKEOVER_WAIT_MS = 20_000;

type Node = { app: TestApp['app']; feed: ManualFeed; close(): Promise<void> };

let installation: TestNodes;
let leader: Node;
let standby: Node;
/** A second standby, which stops while it waits. */
let other: Node;
const closed = new Set<Node>();

async function stop(node: Node): Promise<void> {
  closed.add(node);
  await node.close();
}

/** This schema's engine lock entries in pg_locks: one granted to the leader, one queued per standby. */
async function engineLocks(): Promise<{ granted: boolean }[]> {
  const database = installation.database;
  if (!database) throw new Error('no shared database');
  return rowsOf<{ granted: boolean }>(
    await database.db.execute(sql`
      select granted from pg_locks
      where locktype = 'advisory' and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())
        and classid::bigint = (hashtext('meridian.engine')::bigint + 4294967296) % 4294967296
        and objid::bigint = (hashtext(current_schema())::bigint + 4294967296) % 4294967296`),
  );
}

async function waitForLocks(what: string, check: (locks: { granted: boolean }[]) => boolean) {
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    const locks = await engineLocks();
    if (check(locks)) return locks;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(locks)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function statusOf(orderId: number): Promise<{ status: string; reason: string | null } | undefined> {
  return rowsOf<{ status: string; reason: string | null }>(
    await (installation.database as NonNullable<TestNodes['database']>).db.execute(
      sql`select status, close_reason as reason from orders where id = ${orderId}`,
    ),
  )[0];
}

beforeAll(async () => {
  // PostgreSQL and Redis (the machine's, as in CI) whatever engine the run's other tests use.
  const feeds = [new ManualFeed(clock), new ManualFeed(clock), new ManualFeed(clock)];
  installation = await startTestNodes(3, {
    postgres: true,
    prepare: async (database) => {
      await database.db.execute(
        sql`update instruments set enabled = false where code not in ('EURUSD', 'BTCUSDT')`,
      );
    },
    node: (index) => ({ clock, market: { autoStart: false, backfill: false, feed: feeds[index] } }),
  });
  const [first, second, third] = installation.nodes.map((node, index) => ({
    app: node.app,
    feed: feeds[index] as ManualFeed,
    close: () => node.close(),
  }));
  leader = first as Node;
  standby = second as Node;
  other = third as Node;
});

afterAll(async () => {
  for (const node of [other, standby, leader]) if (node && !closed.has(node)) await node.close();
  await installation?.database?.drop();
});

describe('the engine lock at a rolling restart', () => {
  it('is queued for by the standby, handed over when the leader closes, and the left triggers fire', async () => {
    expect(leader.app.engine.isActive).toBe(true);
    expect(standby.app.engine.isActive).toBe(false);
    expect(other.app.engine.isActive).toBe(false);
    // The standbys wait in PostgreSQL's queue for the lock rather than polling it.
    await waitForLocks('the standbys to queue', (locks) => locks.length === 3);
    expect((await engineLocks()).map((lock) => lock.granted).sort()).toEqual([false, false, true]);

    // A standby that stops leaves the queue (its wait is cancelled, not left to the next leader).
    await stop(other);
    expect((await engineLocks()).map((lock) => lock.granted).sort()).toEqual([false, true]);

    // A buy with a stop-loss, placed on the leader (bid 1.08496 at mid 1.08500).
    leader.feed.set(EURUSD, '1.08500');
    await leader.app.market.tick();
    const trader = await demoTrader(installation.nodes[0] as TestApp);
    const placed = await submit(installation.nodes[0] as TestApp, trader, {
      type: 1,
      status: 1,
      cont: '0.1',
      forex_id: EURUSD,
      multiple: 100,
      stop_loss_price: '1.08000',
    });
    expect(placed.msg).toBe('Success');
    const order = placed.data as Order;

    // The leader stops (its app closes, as at SIGTERM): the standby is granted the lock and leads.
    await stop(leader);
    await until(() => standby.app.engine.isActive, 'the standby to take over', TAKEOVER_WAIT_MS);
    await waitForLocks('the lock to be granted to the standby', (locks) => locks.length === 1);
    expect((await engineLocks()).map((lock) => lock.granted)).toEqual([true]);
    expect(standby.app.engine.stats().triggers).toBeGreaterThanOrEqual(1);

    // A price change on the new leader's feed crosses the stop-loss it rebuilt from the database.
    clock.advance(1_000);
    standby.feed.set(EURUSD, '1.07900');
    await standby.app.market.tick();
    expect(await statusOf(order.Id)).toMatchObject({ status: 'closed' });

    // The last node stops: the lock is free, nothing is left queued.
    await stop(standby);
    await waitForLocks('the lock to be free', (locks) => locks.length === 0);
  });
});
