import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Clock } from '../src/context';
import { createTestDatabase, type TestDatabase } from './database';

/** A clock that tests move by hand. */
export type TestClock = Clock & { advance(ms: number): void; set(date: Date): void };

export function createTestClock(start = new Date('2026-11-18T12:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  clock: TestClock;
  close(): Promise<void>;
};

/** The whole server on a fresh database and a temporary DATA_DIR, ready for `app.inject`. */
export async function createTestApp(
  options: {
    clock?: TestClock;
    realtime?: AppOptions['realtime'];
    redisUrl?: string;
    /** The live market; by default it writes no history and moves only when a test ticks it. */
    market?: AppOptions['market'];
    /** The platform's strategy traders; left out unless a test asks for them. */
    strategyTraders?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-test-'));
  const database = await createTestDatabase();
  const clock = options.clock ?? createTestClock();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: options.redisUrl });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    webDistDir: path.join(dataDir, 'no-web'),
    realtime: options.realtime,
    market: options.market ?? { autoStart: false, backfill: false },
    strategyTraders: options.strategyTraders ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    clock,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses an envelope answer. */
export function body<T = unknown>(response: { json(): unknown }): { code: number; msg: string; data: T } {
  return response.json() as { code: number; msg: string; data: T };
}
