import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toDecimal } from '@meridian/domain/money';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { migrate, rowsOf } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import { MIGRATIONS_DIR } from '../../src/paths';
import { seedReferenceData } from '../../src/seed';
import { createTestClock, type TestClock } from '../app';
import type { TestDatabase } from '../database';
import { ManualFeed } from '../manual-feed';
import { allowRealTradingOnSimulatedPrices } from '../simulated-prices';
import type { TradingApp } from '../trading';
import { captureLogs, type LogCapture } from './log-capture';

/**
 * Where the fuzz world keeps its data. Embedded: a PGlite of its own on files under DATA_DIR/db,
 * the way the server runs with no configuration, so a restart really closes the engine and opens
 * the files again. PostgreSQL (DATABASE_URL): a schema of its own, opened again through a new pool.
 */
type Location = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; schema: string };

async function openAt(location: Location): Promise<Database> {
  const database =
    location.kind === 'pglite'
      ? await openDatabase({ dataDir: location.dir })
      : await openDatabase({ databaseUrl: location.url, searchPath: location.schema });
  // What boot.ts does at every start: migrations and reference data are idempotent.
  await migrate(database, MIGRATIONS_DIR);
  await seedReferenceData(database.db);
  return database;
}

/** The test app of the fuzz: a hand-moved market, its own database, and the app's error log kept. */
export type FuzzApp = TradingApp & { logs: LogCapture; location: Location };

async function startApp(
  location: Location,
  dataDir: string,
  clock: TestClock,
  logs: LogCapture,
): Promise<FuzzApp> {
  const opened = await openAt(location);
  const schema = location.kind === 'postgres' ? location.schema : 'public';
  const database: TestDatabase = {
    ...opened,
    schema,
    async drop() {
      if (location.kind === 'postgres') await opened.execute(`drop schema if exists "${schema}" cascade`);
      await opened.close();
    },
  };
  const feed = new ManualFeed(clock);
  const app = await buildApp({
    // As test/app.ts: inject's 127.0.0.1 stands for a proxy, so each request's X-Forwarded-For (a
    // fresh address) is believed and the per-address limits never stand in the validators' way.
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1' }),
    database,
    clock,
    logger: captureLogs(logs),
    webDistDir: path.join(dataDir, 'no-web'),
    adminDistDir: path.join(dataDir, 'no-admin'),
    market: { autoStart: false, backfill: false, feed },
    strategyTraders: false,
  });
  try {
    await app.ready();
  } catch (error) {
    // A server that cannot start (an engine rebuild that throws) is closed with its database here,
    // so the failure is reported as itself and nothing keeps running behind it.
    await app.close().catch(() => {});
    await opened.close().catch(() => {});
    throw error;
  }
  // The simulator's prices: real accounts may trade on them here, so the probes reach the order
  // rules behind that refusal (test/simulated-prices.ts).
  await allowRealTradingOnSimulatedPrices(app, database.db);
  return {
    app,
    database,
    dataDir,
    clock,
    feed,
    logs,
    location,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createFuzzApp(): Promise<FuzzApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-fuzz-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const location: Location = databaseUrl
    ? { kind: 'postgres', url: databaseUrl, schema: `t_${randomBytes(6).toString('hex')}` }
    : { kind: 'pglite', dir: path.join(dataDir, 'db') };
  try {
    return await startApp(location, dataDir, createTestClock(), { errors: [] });
  } catch (error) {
    await dropData(location, dataDir);
    throw error;
  }
}

/** Drops a world's data when its server could not start (nothing else is left open then). */
async function dropData(location: Location, dataDir: string): Promise<void> {
  if (location.kind === 'postgres') {
    const database = await openDatabase({ databaseUrl: location.url, searchPath: location.schema });
    await database.execute(`drop schema if exists "${location.schema}" cascade`);
    await database.close();
  }
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Stops the server the way main.ts does on SIGTERM (the app, then the database) and starts a new
 * one on the same data: the same PGlite files or PostgreSQL schema, the same DATA_DIR and clock.
 */
export async function restartFuzzApp(t: FuzzApp): Promise<FuzzApp> {
  await t.app.close();
  await t.database.close();
  try {
    return await startApp(t.location, t.dataDir, t.clock, t.logs);
  } catch (error) {
    await dropData(t.location, t.dataDir);
    throw error;
  }
}

export async function queryRows<Row>(t: FuzzApp, sqlText: string): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(sqlText));
}

/** Moves every instrument to its reference price (one market run), so every instrument quotes. */
export async function quoteEverything(t: FuzzApp, factor = '1'): Promise<void> {
  const rows = await queryRows<{ id: number; base_price: string; price_precision: number }>(
    t,
    'select id, base_price::text, price_precision from instruments order by id',
  );
  for (const row of rows)
    t.feed.set(Number(row.id), toDecimal(row.base_price).times(factor).toFixed(Number(row.price_precision)));
  await t.app.market.tick();
}
