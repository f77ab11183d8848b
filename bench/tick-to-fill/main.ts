import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quoteFromMid } from '@meridian/domain/quote';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app';
import { systemClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open';
import { SERVER_LIMITS } from '../../apps/server/src/limits';
import type { PriceFeed } from '../../apps/server/src/modules/market/live/feed';
import { missingNodeFlags } from '../../apps/server/src/node-flags';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths';
import { seedReferenceData } from '../../apps/server/src/seed';
import { ManualFeed } from '../../apps/server/test/manual-feed';
import { FLOOR_STATEMENTS_PER_CHUNK, prepareFloor, runFloor } from './floor';
import {
  hookPushWrites,
  hookStatements,
  makeCustomers,
  midCrossing,
  openSockets,
  pushes,
  pushesWritten,
  statements,
} from './harness';
import { addPositions, addRestingTriggers } from './population';
import { count, ms, type Result, report } from './report';

/**
 * Tick-to-fill benchmark: from the quote that crosses N resting stops (N = 1, 100,
 * 10,000) among 1,000,000 resting triggers, to the last close committed and its `forex.closed` push
 * written to a customer's socket, on PostgreSQL; beside the machine's floor, the same closes' SQL
 * sent straight to PostgreSQL (floor.ts). See bench/tick-to-fill/README.md.
 */
const { values: options } = parseArgs({
  options: {
    triggers: { type: 'string', default: '1000000' },
    reps: { type: 'string', default: '7' },
    out: { type: 'string' },
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
  },
});
const quick = options.quick;
const TRIGGERS = quick ? 100_000 : Number(options.triggers);
const REPS = quick ? 2 : Number(options.reps);
const SIZES = options.sizes
  ? options.sizes.split(',').map(Number)
  : quick
    ? [1, 100, 1000]
    : [1, 100, 10_000];
const OUT = options.out ?? (quick ? undefined : 'bench/results/tick-to-fill.md');
/** The crossing stops of one quote are spread over at most this many accounts (one socket each). */
const CUSTOMERS = 100;
const BACKGROUND_ACCOUNTS = 10_000;
const BTCUSDT = 13;
/** Each group's stops sit this far below the one before (BTCUSDT dollars), so a quote crosses one group. */
const LEVEL_GAP = 20;

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const host = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
  throw new Error(`the tick-to-fill benchmark runs on a loopback database only, not ${host}`);
const schema = `bench_tick_${randomBytes(4).toString('hex')}`;

function appOptions(dataDir: string, database: Awaited<ReturnType<typeof openDatabase>>, feed?: PriceFeed) {
  return {
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }),
    database,
    logger: false as const,
    webDistDir: path.join(dataDir, 'no-web'),
    market: { autoStart: false, backfill: false as const, ...(feed ? { feed } : {}) },
    strategyTraders: false,
    realtime: { limits: { socketsPerAddressMax: 10 * CUSTOMERS, loginsPerMinuteMax: 1000 } },
  };
}

type Group = { size: number; rep: number; level: number; ids: number[]; twins: number[] };

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl, searchPath: schema });
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  // The floor's clients: as many as the engine keeps batches in flight.
  const floorClients = Array.from(
    { length: SERVER_LIMITS.engineCloseBatchesAtOnceMax },
    () => new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` }),
  );
  const floorClient = floorClients[0] as pg.Client;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-tick-'));
  let app: FastifyInstance | undefined;
  const opened: WebSocket[] = [];
  try {
    await client.connect();
    for (const floor of floorClients) await floor.connect();
    await migrate(database, MIGRATIONS_DIR);
    await seedReferenceData(database.db);
    const settings = async (name: string) => String((await client.query(`show ${name}`)).rows[0]?.[name]);
    const postgres = `PostgreSQL ${await settings('server_version')} (synchronous_commit ${await settings('synchronous_commit')}, fsync ${await settings('fsync')}, shared_buffers ${await settings('shared_buffers')})`;

    // 1. The customers, through a first app (their sessions are rows: the second app accepts them).
    const first = await buildApp(appOptions(dataDir, database));
    await first.ready();
    const customers = await makeCustomers(first, client, CUSTOMERS, schema);
    await first.close();

    const instrument = (
      await client.query(
        'select spread::text as spread, price_precision, base_price::text as base from instruments where id = $1',
        [BTCUSDT],
      )
    ).rows[0] as { spread: string; price_precision: number; base: string };
    const base = Math.floor(Number(instrument.base));
    const openPrice = String(base + 100);

    // 2. The resting triggers and the crossing groups, written with SQL before the server starts.
    const seeding = performance.now();
    const backgroundPositions = Math.ceil(TRIGGERS / 2);
    await addRestingTriggers(client, { positions: backgroundPositions, accounts: BACKGROUND_ACCOUNTS });
    const groups: Group[] = [];
    let level = base - LEVEL_GAP;
    for (let rep = 0; rep < REPS; rep += 1)
      for (const size of SIZES) {
        const accounts = customers.slice(0, Math.min(size, CUSTOMERS));
        const ids = await addPositions(client, {
          count: size,
          accounts,
          instrumentId: BTCUSDT,
          openPrice,
          stopLoss: String(level),
        });
        const twins = await addPositions(client, {
          count: size,
          accounts,
          instrumentId: BTCUSDT,
          openPrice,
          stopLoss: null,
        });
        groups.push({ size, rep, level, ids, twins });
        level -= LEVEL_GAP;
      }
    await client.query('analyze');
    // The bulk load's dirty pages written out now, not by a checkpoint in the middle of the timed ticks.
    await client.query('checkpoint').catch(() => {});
    const seedMs = performance.now() - seeding;
    const liveOrders = Number(
      (await client.query(`select count(*)::int as n from orders where status = 'holding'`)).rows[0]?.n,
    );
    console.log(
      `seeded ${count(liveOrders)} holding orders (${count(backgroundPositions * 2)} resting background triggers) in ${ms(seedMs)} ms`,
    );

    // 3. The server: its engine loads every live order into its index at start.
    const feed = new ManualFeed(systemClock);
    const starting = performance.now();
    app = await buildApp(appOptions(dataDir, database, feed));
    await app.ready();
    while (!app.engine.isActive) await new Promise((resolve) => setTimeout(resolve, 50));
    const startMs = performance.now() - starting;
    const loaded = app.engine.stats();
    console.log(
      `engine running with ${count(loaded.triggers)} triggers and ${count(loaded.liveOrders)} live orders after ${ms(startMs)} ms`,
    );
    if (loaded.triggers < TRIGGERS)
      throw new Error(`the engine loaded ${loaded.triggers} triggers, fewer than ${TRIGGERS}`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { sockets, received } = await openSockets(
      `ws://127.0.0.1:${port}/v1/ws?lang=en`,
      customers.map((c) => c.token),
    );
    opened.push(...sockets);
    hookPushWrites();
    hookStatements();
    if (process.env.TICK_TRACE) {
      const engine = app.engine as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const name of ['handleTick', 'refreshWaiting', 'fireTriggers', 'executeAll', 'checkStopOuts']) {
        const original = engine[name] as (...args: unknown[]) => unknown;
        engine[name] = function (this: unknown, ...args: unknown[]) {
          console.log(`  [${performance.now().toFixed(1)}] engine ${name}`);
          return original.apply(this, args);
        };
      }
    }

    // The price starts above every group's stops.
    feed.set(BTCUSDT, String(base + 50));
    await app.market.tick();

    const gc = (globalThis as { gc?: () => void }).gc;
    const results: Result[] = [];
    for (const group of groups) {
      gc?.();
      const mid = midCrossing(
        group.level,
        group.level - LEVEL_GAP,
        instrument.spread,
        instrument.price_precision,
      );
      const quote = quoteFromMid(mid, instrument.spread, instrument.price_precision);
      pushes.closed = 0;
      pushes.lastMs = Number.NaN;
      received.closed = 0;
      statements.count = 0;
      statements.begins = 0;
      statements.on = true;
      const startedMs = performance.now();
      if (process.env.TICK_TRACE) console.log(`  [${startedMs.toFixed(1)}] quote for N=${group.size}`);
      feed.set(BTCUSDT, mid);
      await app.market.tick();
      await pushesWritten();
      statements.on = false;
      if (pushes.closed !== group.size)
        throw new Error(
          `N=${group.size}: ${pushes.closed} forex.closed pushes written, expected ${group.size}`,
        );
      const tickMs = pushes.lastMs - startedMs;
      if (process.env.TICK_TRACE)
        console.log(
          `  [${pushes.lastMs.toFixed(1)}] last push; tick returned at ${performance.now().toFixed(1)}`,
        );
      const closed = Number(
        (
          await client.query(
            `select count(*)::int as n from orders where id = any($1::int[]) and status = 'closed' and close_reason = 'stop_loss'`,
            [group.ids],
          )
        ).rows[0]?.n,
      );
      const records = Number(
        (
          await client.query(
            `select count(*)::int as n from execution_records where order_id = any($1::int[]) and kind = 'stop_loss'`,
            [group.ids],
          )
        ).rows[0]?.n,
      );
      if (closed !== group.size || records !== group.size)
        throw new Error(
          `N=${group.size}: ${closed} closed and ${records} execution records, expected ${group.size}`,
        );
      // The floor: the twins closed by the same statements with no server, right after.
      const chunks = await prepareFloor(floorClient, {
        orderIds: group.twins,
        closePrice: String(group.level),
        bid: quote.bid,
        ask: quote.ask,
        chunkSize: SERVER_LIMITS.engineCloseBatchMax,
      });
      gc?.();
      const floorMs = await runFloor(floorClients, chunks);
      // Every push reached its socket (not timed: the clock stopped at the server's write).
      for (let wait = 0; received.closed < group.size && wait < 200; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      if (received.closed !== group.size)
        throw new Error(`N=${group.size}: the sockets received ${received.closed} of ${group.size} pushes`);
      results.push({
        size: group.size,
        rep: group.rep,
        tickMs,
        floorMs,
        statements: statements.count,
        transactions: statements.begins,
      });
      console.log(
        `N=${count(group.size)} rep ${group.rep + 1}: quote to last push ${ms(tickMs)} ms (${statements.count} statements, ${statements.begins} transactions); floor ${ms(floorMs)} ms (${chunks.length * FLOOR_STATEMENTS_PER_CHUNK} statements)`,
      );
    }
    const books = await client.query(
      `
      select a.id from trading_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      left join (select account_id, sum(margin) as total from orders where status in ('pending', 'holding') group by account_id) o on o.account_id = a.id
      where a.id = any($1::int[]) and coalesce(e.total, 0) <> a.balance + a.lock_balance + coalesce(o.total, 0)`,
      [customers.map((c) => c.accountId)],
    );
    report(
      { sizes: SIZES, quick, out: OUT, customers: CUSTOMERS },
      {
        results,
        postgres,
        seedMs,
        startMs,
        triggers: loaded.triggers,
        liveOrders: loaded.liveOrders,
        unbalanced: books.rowCount ?? 0,
      },
    );
  } finally {
    for (const socket of opened) socket.terminate();
    if (app) await app.close();
    await client.end().catch(() => {});
    for (const floor of floorClients) await floor.end().catch(() => {});
    await database.execute(`drop schema if exists "${schema}" cascade`);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The server runs with its own Node.js options (`npm start`, node-flags.ts): measured as it runs.
const missing = missingNodeFlags();
if (missing.length > 0) {
  const run = spawnSync(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
await main();
