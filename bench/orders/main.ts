import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths';
import { seedReferenceData } from '../../apps/server/src/seed';
import { pacedLoad } from './paced-load';
import { orderStatementsAlone } from './statements-alone';

/**
 * Order benchmark: market orders per second and their p50/p99 latency through HTTP on
 * PostgreSQL, beside the raw rate of single-row transactional inserts on the same database in the
 * same run. Targets: at least half the raw rate; p99 at or under 30 ms at 500 orders/s. See
 * bench/orders/README.md. Loopback only; everything it makes lives in a schema it drops.
 */
const { values: options } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '32' },
    rate: { type: 'string', default: '500' },
    'rate-seconds': { type: 'string', default: '20' },
    users: { type: 'string', default: '400' },
    out: { type: 'string', default: 'bench/results/orders.md' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = options.quick;
const ORDERS = quick ? 2000 : Number(options.orders);
const CONNECTIONS = Number(options.connections);
const RATE = Number(options.rate);
const RATE_SECONDS = quick ? 5 : Number(options['rate-seconds']);
const USERS = quick ? 50 : Number(options.users);
const WARMUP_ORDERS = quick ? 200 : 2000;
const TARGET_SHARE_OF_RAW = 0.5;
const TARGET_P99_MS = 30;
/** The server's pool size (apps/server/src/db/open.ts): the raw inserts get the same. */
const POOL_SIZE = 10;

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const host = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
  throw new Error(`the order benchmark runs on a loopback database only, not ${host}`);
const schema = `bench_orders_${randomBytes(4).toString('hex')}`;

/** BTCUSDT trades every day of the week, so the benchmark runs on weekends too. */
const BTCUSDT = 13;
const ORDER = { type: 1, status: 1, cont: '0.01', forex_id: BTCUSDT, multiple: 50 };

type Latencies = { count: number; p50: number; p99: number; max: number; perSecond: number; seconds: number };

function summarise(samplesMs: number[], seconds: number): Latencies {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: sorted.length / seconds,
    seconds,
  };
}

/** Single-row transactional inserts (BEGIN, INSERT, COMMIT), `workers` at a time on a pool like the server's. */
async function rawInserts(count: number, workers: number): Promise<Latencies> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    options: `-c search_path=${schema}`,
  });
  await pool.query(
    'create table raw_inserts (id bigint generated always as identity primary key, account_id integer not null, amount numeric(30, 8) not null, created_at timestamptz not null default now())',
  );
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next += 1;
        const begin = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('insert into raw_inserts (account_id, amount) values ($1, $2)', [
            next % 500,
            '19.25',
          ]);
          await client.query('commit');
        } finally {
          client.release();
        }
        samples.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return summarise(samples, seconds);
}

async function postgresSettings(): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const read = async (name: string) => String((await client.query(`show ${name}`)).rows[0]?.[name] ?? '?');
  const text = `PostgreSQL ${await read('server_version')} (synchronous_commit ${await read('synchronous_commit')}, fsync ${await read('fsync')}, shared_buffers ${await read('shared_buffers')})`;
  await client.end();
  return text;
}

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, port };
}

type Usage = { cpuMs: number; statements: number };

/** The server's CPU time so far and the statements it has sent to PostgreSQL (bench/orders/server.ts). */
async function usageOf(child: ChildProcess): Promise<Usage> {
  const answer = new Promise<Usage>((resolve) => {
    const listener = (message: unknown) => {
      const usage = (message as { usage?: Usage }).usage;
      if (!usage) return;
      child.off('message', listener);
      resolve(usage);
    };
    child.on('message', listener);
  });
  child.send('usage');
  return answer;
}

/** What one order cost the server over a run: CPU milliseconds and statements sent to PostgreSQL. */
type PerOrder = { cpuMs: number; statements: number };

function perOrder(before: Usage, after: Usage, orders: number): PerOrder {
  return {
    cpuMs: (after.cpuMs - before.cpuMs) / orders,
    statements: (after.statements - before.statements) / orders,
  };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Demo users through the public demo login, each from its own private address (the login is rate-limited per address). */
async function demoTokens(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 16) {
    const batch = Array.from({ length: Math.min(16, count - start) }, async (_, offset) => {
      const number = start + offset;
      const response = await fetch(
        `${base}/api/user/createAccountDemoForU?demo_id=bench-device-${schema}-${number}`,
        {
          headers: { 'x-forwarded-for': `10.77.${number >> 8}.${number & 255}`, lang: 'en' },
        },
      );
      const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
      if (body.code !== 1) throw new Error(`demo login failed: ${body.msg}`);
      return body.data.token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

type LoadResult = Latencies & {
  accepted: number;
  refused: number;
  errors: number;
  refusals: Map<string, number>;
};

/** The orders' answers counted, and each refusal by its message; the next user's order in turn. */
function orderStream(tokens: string[]) {
  let turn = 0;
  const tally = { accepted: 0, refused: 0, refusals: new Map<string, number>() };
  return {
    tally,
    next(): { headers: Record<string, string>; body: string } {
      const token = tokens[turn % tokens.length] as string;
      turn += 1;
      return {
        headers: { 'content-type': 'application/json', authorization: token, lang: 'en' },
        body: JSON.stringify(ORDER),
      };
    },
    answer(body: string): void {
      // The envelope starts with its code; parsing every answer would take CPU from the server.
      if (body.startsWith('{"code":1,')) {
        tally.accepted += 1;
        return;
      }
      const { msg } = JSON.parse(body) as { code: number; msg: string };
      tally.refused += 1;
      tally.refusals.set(msg, (tally.refusals.get(msg) ?? 0) + 1);
    },
  };
}

/** Market orders through HTTP, each from the next user in turn: as fast as possible, or at a fixed rate. */
async function load(
  base: string,
  tokens: string[],
  run: { amount?: number; duration?: number; overallRate?: number },
): Promise<LoadResult> {
  const orders = orderStream(tokens);
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    ...run,
    requests: [
      {
        method: 'POST',
        path: '/v1/api/forex/submit',
        setupRequest: (request) => ({ ...request, ...orders.next() }),
        onResponse: (_status, body) => orders.answer(body),
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    count: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    perSecond: orders.tally.accepted / seconds,
    seconds,
    ...orders.tally,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Market orders at a fixed rate, open loop (paced-load.ts): each order is due at its time whatever
 * the answers before it did, and its latency counts from then.
 */
async function paced(base: string, tokens: string[]): Promise<LoadResult> {
  const orders = orderStream(tokens);
  const result = await pacedLoad({
    base,
    rate: RATE,
    seconds: RATE_SECONDS,
    warmupSeconds: 2,
    sockets: 4 * CONNECTIONS,
    request: () => ({ path: '/v1/api/forex/submit', ...orders.next() }),
    onAnswer: (_status, body) => orders.answer(body),
  });
  return { ...summarise(result.latenciesMs, result.seconds), ...orders.tally, errors: result.errors };
}

/** The five statements of an order straight on a pool (statements-alone.ts), at the terms the server last filled. */
async function statementsAlone(): Promise<Latencies> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
  const last = (
    await pool.query<{ units_per_lot: string; open_price: string; margin: string; fee: string }>(
      'select units_per_lot, open_price, margin, fee from orders order by id desc limit 1',
    )
  ).rows[0];
  await pool.end();
  if (!last) throw new Error('no order to take the terms from');
  const result = await orderStatementsAlone({
    databaseUrl,
    schema,
    poolSize: POOL_SIZE,
    workers: CONNECTIONS,
    count: ORDERS,
    instrumentId: BTCUSDT,
    terms: { unitsPerLot: last.units_per_lot, price: last.open_price, margin: last.margin, fee: last.fee },
  });
  return summarise(result.samplesMs, result.seconds);
}

/** Every account's books after the run (ARCHITECTURE.md Principle 1), and the orders the database holds. */
async function verify(
  accepted: number,
  placedDirectly: number,
): Promise<{ orders: number; unbalancedAccounts: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
  const orders = Number((await pool.query('select count(*)::int as count from orders')).rows[0]?.count);
  const unbalanced = await pool.query(`
    select a.id from trading_accounts a
    left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
    left join (select account_id, sum(margin) as total from orders where status in ('pending', 'holding') group by account_id) o on o.account_id = a.id
    where coalesce(e.total, 0) <> a.balance + a.lock_balance + coalesce(o.total, 0)`);
  await pool.end();
  // A timed run ends with up to one request per connection in flight: the server completes it, the
  // load generator no longer counts its answer.
  const expected = accepted + placedDirectly;
  if (orders < expected || orders > expected + CONNECTIONS)
    throw new Error(
      `${accepted} orders were accepted and ${placedDirectly} placed directly, but the database holds ${orders}`,
    );
  return { orders, unbalancedAccounts: unbalanced.rowCount ?? 0 };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl, searchPath: schema });
  let server: ChildProcess | undefined;
  try {
    await migrate(database, MIGRATIONS_DIR);
    await seedReferenceData(database.db);
    const settings = await postgresSettings();
    console.log(
      `raw inserts: ${ORDERS} single-row transactions, ${CONNECTIONS} at a time on a pool of ${POOL_SIZE}`,
    );
    const raw = await rawInserts(ORDERS, CONNECTIONS);
    console.log(`  ${count(raw.perSecond)}/s, p50 ${ms(raw.p50)} ms, p99 ${ms(raw.p99)} ms`);

    const started = await startServer();
    server = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    const tokens = await demoTokens(base, USERS);
    console.log(`server on ${base}, ${tokens.length} demo users; warming up with ${WARMUP_ORDERS} orders`);
    const warmup = await load(base, tokens, { amount: WARMUP_ORDERS });

    console.log(`market orders as fast as they go: ${ORDERS} orders, ${CONNECTIONS} connections`);
    const usageBefore = await usageOf(server);
    const fastest = await load(base, tokens, { amount: ORDERS });
    const cost = perOrder(usageBefore, await usageOf(server), fastest.count);
    console.log(`  ${count(fastest.perSecond)}/s, p50 ${ms(fastest.p50)} ms, p99 ${ms(fastest.p99)} ms`);
    console.log(
      `  per order: ${cost.cpuMs.toFixed(2)} ms of server CPU, ${cost.statements.toFixed(2)} statements`,
    );

    console.log(`market orders at ${RATE}/s for ${RATE_SECONDS} s`);
    const atRate = await paced(base, tokens);
    console.log(`  ${count(atRate.perSecond)}/s, p50 ${ms(atRate.p50)} ms, p99 ${ms(atRate.p99)} ms`);

    await stopServer(server);
    server = undefined;
    console.log(
      `the order's statements alone: ${ORDERS} transactions, ${CONNECTIONS} at a time on a pool of ${POOL_SIZE}`,
    );
    const alone = await statementsAlone();
    console.log(`  ${count(alone.perSecond)}/s, p50 ${ms(alone.p50)} ms, p99 ${ms(alone.p99)} ms`);
    const accepted = warmup.accepted + fastest.accepted + atRate.accepted;
    const books = await verify(accepted, alone.count);
    report({ raw, alone, fastest, paced: atRate, books, accepted, settings, cost });
  } finally {
    if (server) await stopServer(server);
    await database.execute(`drop schema if exists "${schema}" cascade`);
    await database.close();
  }
}

function report(figures: {
  raw: Latencies;
  alone: Latencies;
  fastest: LoadResult;
  paced: LoadResult;
  books: { orders: number; unbalancedAccounts: number };
  accepted: number;
  settings: string;
  cost: PerOrder;
}): void {
  const { raw, alone, fastest, paced, books, settings, cost } = figures;
  const share = fastest.perSecond / raw.perSecond;
  const ceiling = alone.perSecond / raw.perSecond;
  const shareMet = share >= TARGET_SHARE_OF_RAW;
  const p99Met = paced.p99 <= TARGET_P99_MS && paced.perSecond >= RATE * 0.95;
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
  const refusals =
    [...fastest.refusals, ...paced.refusals].map(([msg, n]) => `${n} x "${msg}"`).join(', ') || 'none';
  const text = `# Order benchmark: market orders through HTTP on PostgreSQL

Run ${new Date().toISOString()} on ${cpus()[0]?.model.trim() ?? 'unknown CPU'} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB),
Node ${process.version}, load average at the end ${one} / ${five} / ${fifteen}.
Command: \`npm run bench -- orders\` (see bench/orders/README.md). Database: ${settings}, on loopback,
in a schema made and dropped by the run.

The server runs in its own process with its market simulator and trading engine running; the load
generator and PostgreSQL share the same machine: autocannon with ${CONNECTIONS} connections as fast as the
orders go, then an open-loop load at ${RATE}/s (an order due every ${(1000 / RATE).toFixed(1)} ms whatever the answers did, its
latency counted from when it was due, after 2 s at the same rate to open its sockets; bench/orders/paced-load.ts
says why not autocannon's rate). Each order is
\`POST /v1/api/forex/submit\` of a market buy of 0.01 BTCUSDT at leverage 50 by one of ${USERS} demo users
in turn: the session check (a single node remembers a session for 5 s), the domain rules (instrument
terms and the fee setting from a copy at most a second old), then one transaction: the account lock,
the order row with its user's live-order count, the ledger posting (margin pair, fee entry and the
balances in one statement), commit. Why the server saturates first: bench/orders/README.md.

| run | transactions | per second | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|---:|
| raw single-row inserts (BEGIN, INSERT, COMMIT), ${CONNECTIONS} at a time, pool ${POOL_SIZE} | ${count(raw.count)} | ${count(raw.perSecond)} | ${ms(raw.p50)} | ${ms(raw.p99)} | ${ms(raw.max)} |
| an order's five statements alone (no HTTP, no server), ${CONNECTIONS} at a time, pool ${POOL_SIZE} | ${count(alone.count)} | ${count(alone.perSecond)} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} |
| market orders through HTTP, as fast as they go | ${count(fastest.accepted)} | ${count(fastest.perSecond)} | ${ms(fastest.p50)} | ${ms(fastest.p99)} | ${ms(fastest.max)} |
| market orders through HTTP at ${RATE}/s for ${RATE_SECONDS} s, open loop | ${count(paced.count)} | ${count(paced.perSecond)} | ${ms(paced.p50)} | ${ms(paced.p99)} | ${ms(paced.max)} |

What one order cost the server while they went as fast as they could: **${cost.cpuMs.toFixed(2)} ms of
CPU** and **${cost.statements.toFixed(2)} statements** sent to PostgreSQL (each a round trip; the
transaction's begin and commit included, and the engine's own few spread over the orders).

Orders per second as a share of the raw insert rate: **${(share * 100).toFixed(0)} %**
(target at least ${TARGET_SHARE_OF_RAW * 100} %: **${shareMet ? 'met' : 'missed'}**). The order's own statements, sent
straight to PostgreSQL with no server in between, ran at **${(ceiling * 100).toFixed(0)} %** of the raw rate: the most
any server could reach with what an order writes (an order row, three ledger entries, the account's
balances, under the account's row lock), here; the server reached ${((100 * fastest.perSecond) / alone.perSecond).toFixed(0)} % of that.

p99 at ${RATE} orders/s: **${ms(paced.p99)} ms** (target at most ${TARGET_P99_MS} ms: **${p99Met ? 'met' : 'missed'}**).

Refused orders: ${refusals}; transport errors: ${fastest.errors + paced.errors}. After the run the database held
${count(books.orders)} orders (every accepted one, warm-up included) and ${books.unbalancedAccounts} accounts whose
balance + lock + margin of live orders differed from the sum of their ledger entries.
`;
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, text);
  console.log(`\n${text}`);
  if (!shareMet || !p99Met || books.unbalancedAccounts > 0) process.exitCode = 1;
}

await main();
