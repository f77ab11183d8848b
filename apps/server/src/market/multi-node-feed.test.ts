import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/app';
import { ManualFeed } from '../../test/manual-feed';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { seedReferenceData } from '../db/seed';
import { MIGRATIONS_DIR } from '../paths';

// Several nodes need PostgreSQL and Redis (the machine's, as in CI), whatever engine the run's other tests use.
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const BTCUSDT = 13;
const schema = `t_${randomBytes(6).toString('hex')}`;
const channel = `meridian:test:${randomBytes(6).toString('hex')}`;
const clock = createTestClock(new Date('2026-11-18T12:00:00Z'));

type Node = { app: FastifyInstance; database: Database; feed: ManualFeed; dataDir: string };
const nodes: Node[] = [];

async function startNode(): Promise<Node> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-node-'));
  const database = await openDatabase({ databaseUrl: DATABASE_URL, searchPath: schema });
  const feed = new ManualFeed(clock);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL, DATABASE_URL }),
    database,
    clock,
    logger: false,
    webDistDir: path.join(dataDir, 'no-web'),
    realtime: { redisChannel: channel },
    market: { autoStart: false, backfill: false, feed },
    strategyTraders: false,
  });
  await app.ready();
  const node = { app, database, feed, dataDir };
  nodes.push(node);
  return node;
}

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

let leader: Node;
let follower: Node;

beforeAll(async () => {
  const setup = await openDatabase({ databaseUrl: DATABASE_URL, searchPath: schema });
  await migrate(setup, MIGRATIONS_DIR);
  await seedReferenceData(setup.db);
  await setup.db.execute(sql`update instruments set enabled = false where code not in ('EURUSD', 'BTCUSDT')`);
  await setup.close();
  // The first node takes the engine's lock; the second finds it taken.
  leader = await startNode();
  follower = await startNode();
});

afterAll(async () => {
  for (const node of nodes.reverse()) {
    await node.app.close();
    await node.database.close();
    await rm(node.dataDir, { recursive: true, force: true });
  }
  const cleanup = await openDatabase({ databaseUrl: DATABASE_URL, searchPath: 'public' });
  await cleanup.execute(`drop schema if exists "${schema}" cascade`);
  await cleanup.close();
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
