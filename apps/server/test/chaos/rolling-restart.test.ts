import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order, OrderList } from '@meridian/contract/trading';
import { type AccountId, asAccountId } from '@meridian/domain/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import { freshAddress } from '../accounts';
import type { TestDatabase } from '../database';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from '../nodes';
import { TestSocket } from '../socket';
import { checkBooks } from '../trading';
import {
  errorLines,
  freePort,
  openFreshSchema,
  type ServerProcess,
  startServer,
  urlWithSchema,
} from './server-process';

/*
 * A rolling restart (docs/operations.md, "Rolling restarts"): two real server processes on one
 * PostgreSQL schema and one Redis, customers placing and closing orders against both over HTTP,
 * a socket on the node that leads (holds the trading engine's lock). The leader gets SIGTERM while
 * orders flow; then it starts again and the other node is stopped (a full roll). The load
 * balancer is modelled as the clients' own: a call whose connection is refused or cut goes to the
 * other node, a submit with the same Idempotency-Key. After each stop:
 *   - the stopped process exited 0 (within its grace period: past it, it exits 1);
 *   - the socket on it was closed with 1012 (service restart: reconnect at once, elsewhere);
 *   - the other node took the engine's lock: a stop-loss the leader left resting (one it never
 *     indexed, written behind its back, so only a rebuild after the hand-over knows it) fires on
 *     the next price change;
 *   - no call was answered with anything but HTTP 200 (the stopping node answers what it accepted);
 * and at the end every acknowledged submit is an order of its account in the database and in the
 * remaining node's answers, every acknowledged close left its order closed, no Idempotency-Key
 * made two orders, and every account's books balance. PostgreSQL and Redis (the machine's, as in
 * CI) whatever engine the run's other tests use.
 */

const REQUEST_TIMEOUT_MS = 10_000;
/** Generous bounds for conditions on a loaded machine; the test waits for conditions, never sleeps. */
const CONDITION_TIMEOUT_MS = 30_000;
const USERS = 4;
/** Acknowledged submits to wait for before a stop, and after it. */
const ORDERS_PER_PHASE = 8;
const TEST_TIMEOUT_MS = 300_000;

type Envelope<T> = { code: number; msg: string; data: T };
type User = { token: string; userId: number; accountId: AccountId; holding: number[] };

class HttpRefusal extends Error {}

let database: TestDatabase | undefined;
let schema = '';
const dataDirs: string[] = [];
const ports: number[] = [];
const servers: (ServerProcess | undefined)[] = [undefined, undefined];
let instrumentId = 0;
let leverage = 1;

/** Counters and what the servers acknowledged. */
const seen = {
  failures: [] as string[],
  /** Calls whose connection to the first node tried failed, sent to the other one. */
  rerouted: 0,
  opened: new Map<number, number>(),
  closed: new Set<number>(),
};

function isConnectionFailure(error: unknown): boolean {
  // undici's fetch: "fetch failed" with the socket's error as its cause (refused, reset, closed).
  return error instanceof TypeError;
}

/**
 * One call, as through a load balancer: to the preferred node, and on a refused or cut connection
 * the same request to the other one. Anything but HTTP 200 is a failure of the server.
 */
async function call<T>(
  preferred: number,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  options: { token?: string; body?: Record<string, unknown>; idempotencyKey?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { lang: 'en', 'x-forwarded-for': freshAddress() };
  if (options.token) headers.authorization = options.token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body) headers['content-type'] = 'application/json';
  let lastError: unknown;
  for (const index of [preferred, 1 - preferred]) {
    const server = servers[index];
    if (!server) continue;
    let response: Response;
    try {
      response = await fetch(`${server.url}${pathAndQuery}`, {
        method,
        headers,
        body: options.body ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      lastError = error;
      seen.rerouted += 1;
      continue;
    }
    if (response.status !== 200) {
      const text = await response.text();
      throw new HttpRefusal(`HTTP ${response.status} from ${method} ${pathAndQuery}: ${text.slice(0, 200)}`);
    }
    return (await response.json()) as Envelope<T>;
  }
  throw new Error(`no node answered ${method} ${pathAndQuery}`, { cause: lastError });
}

async function query<Row>(sqlText: string): Promise<Row[]> {
  if (!database) throw new Error('no database');
  return rowsOf<Row>(await database.db.execute(sqlText));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + CONDITION_TIMEOUT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function start(index: number): Promise<ServerProcess> {
  const server = await startServer({
    port: ports[index] as number,
    dataDir: dataDirs[index] as string,
    databaseUrl: urlWithSchema(TEST_POSTGRES_URL, schema),
    // A short delay after SIGTERM (readiness failing, still serving), as an installation behind a
    // load balancer sets it.
    env: { REDIS_URL: TEST_REDIS_URL, SHUTDOWN_DELAY_SECONDS: '0.2' },
  });
  servers[index] = server;
  return server;
}

/** This schema's engine lock in pg_locks: granted to the leader, queued for by each standby. */
async function engineLocks(): Promise<boolean[]> {
  const rows = await query<{ granted: boolean }>(`
    select granted from pg_locks
    where locktype = 'advisory' and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())
      and classid::bigint = (hashtext('meridian.engine')::bigint + 4294967296) % 4294967296
      and objid::bigint = (hashtext('${schema}')::bigint + 4294967296) % 4294967296`);
  return rows.map((row) => row.granted).sort();
}

async function demoUser(preferred: number): Promise<User> {
  const answer = await call<{ token: string; user: { id: number } }>(
    preferred,
    'GET',
    `/api/user/createAccountDemoForU?demo_id=roll-${randomBytes(8).toString('hex')}`,
  );
  if (answer.code !== 1) throw new Error(`demo login refused: ${answer.msg}`);
  const [row] = await query<{ id: number }>(
    `select id from trading_accounts where user_id = ${Number(answer.data.user.id)}`,
  );
  return {
    token: answer.data.token,
    userId: answer.data.user.id,
    accountId: asAccountId(Number(row?.id)),
    holding: [],
  };
}

async function submitMarket(preferred: number, user: User): Promise<Envelope<Order>> {
  return call<Order>(preferred, 'POST', '/v1/api/forex/submit', {
    token: user.token,
    body: { type: 1, status: 1, cont: '0.01', forex_id: instrumentId, multiple: leverage },
    idempotencyKey: `roll-${randomBytes(12).toString('hex')}`,
  });
}

/** Each user alternates between the nodes: opens a position, and closes one every other call. */
function load(users: User[]): { stop(): Promise<void> } {
  let running = true;
  let turn = 0;
  const loops = users.map(async (user, index) => {
    let step = index;
    while (running) {
      step += 1;
      turn += 1;
      const preferred = turn % 2;
      try {
        const id = step % 2 === 0 ? user.holding.shift() : undefined;
        if (id !== undefined) {
          const answer = await call<Order>(preferred, 'POST', '/v1/api/forex/close', {
            token: user.token,
            body: { id },
          });
          if (answer.code === 1) seen.closed.add(id);
          continue;
        }
        const answer = await submitMarket(preferred, user);
        if (answer.code !== 1) throw new Error(`submit refused: ${answer.msg}`);
        seen.opened.set(answer.data.Id, user.accountId);
        user.holding.push(answer.data.Id);
      } catch (error) {
        seen.failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * A buy whose stop-loss is set in the database behind the engines' backs, far above the market:
 * the leader never indexed it, so only an engine that rebuilds from the database (the next leader)
 * fires it, at its next price change.
 */
async function restingTrigger(preferred: number): Promise<number> {
  const user = await demoUser(preferred);
  const answer = await submitMarket(preferred, user);
  expect(answer.msg).toBe('Success');
  const id = answer.data.Id;
  seen.opened.set(id, user.accountId);
  await database?.db.execute(`update orders set stop_loss = open_price * 10 where id = ${Number(id)}`);
  return id;
}

async function closeReasonOf(orderId: number): Promise<string | undefined> {
  const [row] = await query<{ reason: string | null }>(
    `select close_reason as reason from orders where id = ${Number(orderId)}`,
  );
  return row?.reason ?? undefined;
}

async function openedCount(): Promise<number> {
  return seen.opened.size;
}

/** Stops a node with SIGTERM while the load runs, and checks the hand-over to the other one. */
async function roll(stopping: number): Promise<void> {
  const server = servers[stopping];
  if (!server) throw new Error('no server to stop');
  await until('the other node to queue for the engine lock', async () =>
    (await engineLocks()).join() === 'false,true' ? true : undefined,
  );
  const trigger = await restingTrigger(stopping);
  const socket = await TestSocket.open(`ws://127.0.0.1:${ports[stopping]}/v1/ws?lang=en`);
  const before = await openedCount();
  await until('orders to flow', async () =>
    (await openedCount()) >= before + ORDERS_PER_PHASE ? true : undefined,
  );

  server.child.kill('SIGTERM');
  expect((await socket.closed).code).toBe(1012);
  expect(await server.exited).toBe(0);
  servers[stopping] = undefined;
  expect(errorLines(server.output), 'errors logged by the stopped node').toEqual([]);

  // The other node leads: the trigger the stopped one left resting fires on a price change.
  expect(await until('the resting stop-loss to fire', () => closeReasonOf(trigger))).toBe('stop_loss');
  expect(await engineLocks()).toEqual([true]);
  const after = await openedCount();
  await until('orders to flow on the remaining node', async () =>
    (await openedCount()) >= after + ORDERS_PER_PHASE ? true : undefined,
  );
}

/** Every order of the user the remaining node lists (open positions and history). */
async function listedIds(preferred: number, user: User): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const status of [1, 3]) {
    for (let page = 1; ; page += 1) {
      const answer = await call<OrderList>(
        preferred,
        'GET',
        `/v1/api/forex/my_deal?status=${status}&page=${page}&limit=50`,
        { token: user.token },
      );
      expect(answer.code).toBe(1);
      for (const order of answer.data.data) ids.add(order.Id);
      if (answer.data.data.length < 50) break;
    }
  }
  return ids;
}

describe('rolling restart: two real nodes on PostgreSQL and Redis, SIGTERM while orders flow', () => {
  beforeAll(async () => {
    database = await openFreshSchema(TEST_POSTGRES_URL);
    schema = database.schema;
    for (let index = 0; index < 2; index += 1) {
      dataDirs.push(await mkdtemp(path.join(tmpdir(), 'meridian-roll-')));
      ports.push(await freePort());
    }
    // The first node migrates and takes the engine's lock; the second starts as a standby.
    await start(0);
    await start(1);
    // Crypto trades at every hour, so orders fill whatever the day.
    const [row] = await query<{ id: number; leverages: number[] }>(
      `select id, leverages from instruments where code = 'BTCUSDT'`,
    );
    instrumentId = Number(row?.id);
    leverage = Number(row?.leverages[0] ?? 1);
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    for (const server of servers) await server?.stop('SIGKILL');
    await database?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'loses no acknowledged order, answers no 5xx, hands the engine over, closes sockets with 1012, exits 0',
    async () => {
      const users: User[] = [];
      for (let index = 0; index < USERS; index += 1) users.push(await demoUser(index % 2));
      const traffic = load(users);
      try {
        // The first node leads; it stops, the second takes over. Then the first comes back (as a
        // standby) and the second stops: a full roll.
        await roll(0);
        await start(0);
        await roll(1);
      } finally {
        await traffic.stop();
      }
      expect(seen.failures, 'calls that failed').toEqual([]);

      const orders = await query<{ id: number; account_id: number; status: string }>(
        'select id, account_id, status from orders',
      );
      const byId = new Map(orders.map((order) => [Number(order.id), order]));
      for (const [id, accountId] of seen.opened)
        expect(Number(byId.get(id)?.account_id), `acknowledged order ${id}`).toBe(accountId);
      for (const id of seen.closed) expect(byId.get(id)?.status, `closed order ${id}`).toBe('closed');
      const doubled = await query<{ key: string }>(
        'select idempotency_key as key from orders where idempotency_key is not null group by user_id, idempotency_key having count(*) > 1',
      );
      expect(doubled).toEqual([]);
      // The remaining node answers every acknowledged order of the load's customers.
      for (const user of users) {
        const listed = await listedIds(0, user);
        const own = [...seen.opened]
          .filter(([, accountId]) => accountId === user.accountId)
          .map(([id]) => id);
        expect(
          own.filter((id) => !listed.has(id)),
          `orders of account ${user.accountId} not listed`,
        ).toEqual([]);
      }
      const accounts = await query<{ id: number }>('select id from trading_accounts order by id');
      for (const account of accounts)
        await checkBooks({ database: database as TestDatabase }, asAccountId(Number(account.id)));
      console.info(
        `rolling restart: ${seen.opened.size} orders and ${seen.closed.size} closes acknowledged, ${seen.rerouted} calls sent to the other node`,
      );

      const last = servers[0];
      servers[0] = undefined;
      expect(await last?.stop('SIGTERM')).toBe(0);
      expect(errorLines(last?.output ?? [])).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
