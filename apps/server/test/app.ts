import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createTestDatabase, type TestDatabase } from './database';
import { allowRealTradingOnSimulatedPrices } from './simulated-prices';

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
    /**
     * The outbox's sender; by default it does not run by itself (a test delivers with
     * `app.outbox.deliverDue()`, or reads the table with `readOutbox`).
     */
    outbox?: AppOptions['outbox'];
    /** More process settings (environment variables), over the test defaults. */
    env?: Record<string, string | undefined>;
    /** Log options (a test that reads the logs); default none. */
    logger?: AppOptions['logger'];
    /** Another test app's database, for two nodes on one database; it stays for its owner to drop. */
    database?: TestDatabase;
    /** A built back office to serve under /admin (file path to content); default none. */
    adminFiles?: Record<string, string | Buffer>;
    /** A built customer app to serve at / (file path to content); default none. */
    webFiles?: Record<string, string | Buffer>;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-test-'));
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? createTestClock();
  const adminDistDir = path.join(dataDir, options.adminFiles ? 'admin' : 'no-admin');
  for (const [file, content] of Object.entries(options.adminFiles ?? {})) {
    await mkdir(path.dirname(path.join(adminDistDir, file)), { recursive: true });
    await writeFile(path.join(adminDistDir, file), content);
  }
  const webDistDir = path.join(dataDir, options.webFiles ? 'web' : 'no-web');
  for (const [file, content] of Object.entries(options.webFiles ?? {})) {
    await mkdir(path.dirname(path.join(webDistDir, file)), { recursive: true });
    await writeFile(path.join(webDistDir, file), content);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_URL: options.redisUrl,
    // app.inject comes from 127.0.0.1, standing for a proxy: the tests' X-Forwarded-For (a fresh
    // address per call, test/accounts.ts) is believed, so per-address limits never leak between tests.
    TRUSTED_PROXIES: '127.0.0.1',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? false,
    webDistDir,
    adminDistDir,
    realtime: options.realtime,
    market: options.market ?? { autoStart: false, backfill: false },
    strategyTraders: options.strategyTraders ?? false,
    outbox: { autoStart: false, ...options.outbox },
  });
  await app.ready();
  // The test server runs on the simulator: real accounts may trade on it here (most tests open real
  // orders for other reasons); the tests of that rule turn it off (test/simulated-prices.ts).
  await allowRealTradingOnSimulatedPrices(app, database.db);
  return {
    app,
    database,
    dataDir,
    clock,
    async close() {
      await app.close();
      if (!options.database) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses an envelope answer. */
export function body<T = unknown>(response: { json(): unknown }): { code: number; msg: string; data: T } {
  return response.json() as { code: number; msg: string; data: T };
}
