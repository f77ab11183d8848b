import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/open';

/**
 * The server under load, in a process of its own (bench/orders/main.ts starts it): the whole app
 * on PostgreSQL in the benchmark's schema, its market simulator and trading engine running, no
 * logs, listening on a free loopback port, which it reports to its parent. Stops on SIGTERM.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const schema = process.env.BENCH_SCHEMA;
if (!databaseUrl || !schema) throw new Error('BENCH_DATABASE_URL and BENCH_SCHEMA are required');

// Every statement the server sends to PostgreSQL goes through pg's Client#query (the pool's clients,
// the engine's dedicated connection): counted, so the report can say how many round trips an order
// costs. Asked for with the message 'usage', with the CPU time the process has used.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (clientQuery as (...values: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
process.on('message', (message) => {
  if (message !== 'usage') return;
  const cpu = process.cpuUsage();
  process.send?.({ usage: { cpuMs: (cpu.user + cpu.system) / 1000, statements } });
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
const database = await openDatabase({ databaseUrl, searchPath: schema });
// The load comes from this host, each demo user with its own X-Forwarded-For (main.ts), as through a
// local proxy: trusted, so the per-address demo login limit counts each user on its own.
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  TRUSTED_PROXIES: '127.0.0.1',
});
const app = await buildApp({
  config,
  database,
  logger: false,
  webDistDir: path.join(dataDir, 'no-web'),
  // BENCH_MARKET=still: prices do not move (isolates the order path from the engine's ticks).
  market: { backfill: false, autoStart: process.env.BENCH_MARKET !== 'still' },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port });

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
