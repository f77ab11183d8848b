import { randomBytes } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import type { ExecutionList, ExecutionRecord, Order, OrderList } from '@meridian/contract/trading';
import { type AccountId, asAccountId, asUserId, type UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { type Quote, quoteFromMid } from '@meridian/domain/quote';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { reconcileAccount } from '../src/modules/ledger/account-reads';
import { postToLedger } from '../src/modules/ledger/ledger.service';
import { call, freshEmail, registerByEmail } from './accounts';
import { body, createTestApp, createTestClock, type TestApp, type TestClock } from './app';
import { ManualFeed } from './manual-feed';

export const EURUSD = 1;
export const USDJPY = 3;
export const BTCUSDT = 13;

export type TradingApp = TestApp & { feed: ManualFeed };

/** The test app with a hand-moved feed; by default Wednesday noon UTC (forex open). */
export async function createTradingApp(clock: TestClock = createTestClock()): Promise<TradingApp> {
  const feed = new ManualFeed(clock);
  const t = await createTestApp({ clock, market: { autoStart: false, backfill: false, feed } });
  return Object.assign(t, { feed });
}

export type Trader = { token: string; userId: UserId; accountId: AccountId };

async function accountIdOf(t: TestApp, userId: UserId): Promise<AccountId> {
  const result = await t.database.db.execute(
    `select id from trading_accounts where user_id = ${Number(userId)}`,
  );
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  if (id === undefined) throw new Error(`no account for user ${userId}`);
  return asAccountId(Number(id));
}

/** A demo user (100,000 USDT) through the public demo login. */
export async function demoTrader(t: TestApp): Promise<Trader> {
  const answer = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
    demo_id: `demo-${randomBytes(8).toString('hex')}`,
  });
  if (answer.code !== 1) throw new Error(`demo login failed: ${answer.msg}`);
  const userId = asUserId(answer.data.user.id);
  return { token: answer.data.token, userId, accountId: await accountIdOf(t, userId) };
}

/** A real user with `balance` deposited (one ledger entry, as the back office will post it). */
export async function realTrader(t: TestApp, balance: string): Promise<Trader> {
  const session = await registerByEmail(t, freshEmail('trader'));
  const userId = asUserId(session.user.id);
  const accountId = await accountIdOf(t, userId);
  if (toDecimal(balance).gt(0))
    await t.database.db.transaction((tx) =>
      postToLedger(tx, {
        accountId,
        at: t.clock.now(),
        entries: [{ bucket: 'balance', amount: balance, kind: 'deposit', memoKey: 'ledger.deposit' }],
      }),
    );
  return { token: session.token, userId, accountId };
}

export function quoteOf(t: TradingApp, instrumentId: number): Quote {
  const quote = t.app.market.quote(instrumentId);
  if (!quote) throw new Error(`no quote for ${instrumentId}`);
  return quote;
}

/** Moves an instrument's mid price and runs the market (and the engine) once. */
export async function moveTo(t: TradingApp, instrumentId: number, mid: string): Promise<Quote> {
  t.feed.set(instrumentId, mid);
  await t.app.market.tick();
  return quoteOf(t, instrumentId);
}

/** Submits an order as JSON, optionally with an Idempotency-Key header and another language. */
export async function submit(
  t: TestApp,
  trader: Trader,
  fields: Record<string, unknown>,
  options: { idempotencyKey?: string; lang?: string } = {},
) {
  const headers: Record<string, string> = { lang: options.lang ?? 'en', authorization: trader.token };
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/api/forex/submit',
    headers,
    payload: fields as Record<string, string>,
  });
  return body<Order>(response);
}

/** A trading call as the owner (or anyone holding the token). */
/** The execution records of the trader's order `id` (the call itself must succeed). */
export async function executionRecordsOf(t: TestApp, trader: Trader, id: number): Promise<ExecutionRecord[]> {
  const answer = await call<ExecutionList>(
    t,
    'GET',
    '/v1/api/forex/execution',
    { id },
    { token: trader.token },
  );
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.list;
}

export async function trade<T = Order>(
  t: TestApp,
  trader: Trader,
  path: 'close' | 'cancel_trade' | 'set_stop_price',
  fields: Record<string, unknown>,
) {
  return call<T>(t, 'POST', `/v1/api/forex/${path}`, fields, { token: trader.token });
}

/** The mid price (at the precision) whose bid is exactly `bid`, for an instrument's spread. */
export function midForBid(bid: string, spread: string, precision: number): string {
  return midFor(bid, spread, precision, 'bid');
}

/** The mid price (at the precision) whose ask is exactly `ask`. */
export function midForAsk(ask: string, spread: string, precision: number): string {
  return midFor(ask, spread, precision, 'ask');
}

function midFor(price: string, spread: string, precision: number, side: 'bid' | 'ask'): string {
  const factor = side === 'bid' ? toDecimal(1).minus(spread) : toDecimal(1).plus(spread);
  const guess = toDecimal(price).div(factor).toDecimalPlaces(precision);
  const step = toDecimal(1).div(toDecimal(10).pow(precision));
  for (let offset = -20; offset <= 20; offset += 1) {
    const mid = guess.plus(step.times(offset)).toFixed(precision);
    if (quoteFromMid(mid, spread, precision)[side] === toDecimal(price).toFixed(precision)) return mid;
  }
  throw new Error(`no mid gives ${side} ${price}`);
}

export type Books = {
  balance: string;
  lockBalance: string;
  /** Margin held in the ledger by live orders. */
  liveMargin: string;
  /** Sum of every ledger entry of the account. */
  entries: string;
};

/**
 * The ledger invariant of ARCHITECTURE.md Principle 1 for one account, checked on stored rows:
 * balance + lock + margin of open/pending orders == sum of all its entries; each bucket equals its
 * entries; each live order's margin bucket holds exactly its margin, and an ended order's holds
 * nothing; no balance is negative. Throws with the figures when anything is off.
 */
export async function checkBooks(t: Pick<TestApp, 'database'>, accountId: AccountId): Promise<Books> {
  const reconciliation = await reconcileAccount(t.database.db, accountId);
  const result = await t.database.db.execute(`
    select
      (select coalesce(sum(amount), 0)::text from ledger_entries where account_id = ${accountId}) as entries,
      (select coalesce(sum(margin), 0)::text from orders where account_id = ${accountId} and status in ('pending', 'holding')) as live_margin,
      (select count(*)::int from (
         select o.id from orders o
         left join ledger_entries e on e.order_id = o.id and e.account_id = o.account_id and e.bucket = 'margin'
         where o.account_id = ${accountId}
         group by o.id, o.status, o.margin
         having coalesce(sum(e.amount), 0) <> case when o.status in ('pending', 'holding') then o.margin else 0 end
      ) as wrong) as wrong_orders`);
  const row = rowsOf<{ entries: string; live_margin: string; wrong_orders: number }>(result)[0];
  if (!row) throw new Error('no books');
  const total = toDecimal(reconciliation.balance).plus(reconciliation.lockBalance).plus(row.live_margin);
  const problems: string[] = [];
  if (!reconciliation.consistent) problems.push('a bucket differs from its entries');
  if (!total.equals(toDecimal(row.entries)))
    problems.push(`balance + lock + margin ${total} != entries ${row.entries}`);
  if (!toDecimal(reconciliation.marginEntries).equals(toDecimal(row.live_margin)))
    problems.push(`margin entries ${reconciliation.marginEntries} != live margin ${row.live_margin}`);
  if (Number(row.wrong_orders) !== 0)
    problems.push(`${row.wrong_orders} orders hold other margin than theirs`);
  if (toDecimal(reconciliation.balance).isNegative()) problems.push('negative balance');
  if (problems.length > 0) throw new Error(`books of account ${accountId}: ${problems.join('; ')}`);
  return {
    balance: reconciliation.balance,
    lockBalance: reconciliation.lockBalance,
    liveMargin: toDecimal(row.live_margin).toFixed(),
    entries: toDecimal(row.entries).toFixed(),
  };
}

export async function countOrders(t: TestApp, accountId?: AccountId): Promise<number> {
  const where = accountId === undefined ? '' : ` where account_id = ${Number(accountId)}`;
  const result = await t.database.db.execute(`select count(*)::int as count from orders${where}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

export async function countEntries(t: TestApp, accountId: AccountId): Promise<number> {
  const result = await t.database.db.execute(
    `select count(*)::int as count from ledger_entries where account_id = ${Number(accountId)}`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** A market buy of 0.1 lot at leverage 100: margin 108.504 at the ask 1.08504, fee 0.7 (7 per lot). */
export const EURUSD_BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };
export const EURUSD_BUY_COST = '109.204';

/** A tab of the trader's my_deal. */
export async function myDealTab(
  t: TestApp,
  trader: Trader,
  status: number,
  extra: Record<string, unknown> = {},
) {
  const answer = await call<OrderList>(
    t,
    'GET',
    '/v1/api/forex/my_deal',
    { status, ...extra },
    { token: trader.token },
  );
  expect(answer.code).toBe(1);
  return answer.data;
}

/** The trader's `EURUSD_BUY` (with other fields if given), opened. */
export async function openedOrder(
  t: TestApp,
  trader: Trader,
  fields: Record<string, unknown> = {},
): Promise<Order> {
  const answer = await submit(t, trader, { ...EURUSD_BUY, ...fields });
  expect(answer.msg).toBe('Success');
  return answer.data;
}

/** Proves a refused call wrote nothing: same orders, same ledger, books in order. */
export async function expectNothingWritten(
  t: TestApp,
  trader: Trader,
  action: () => Promise<{ code: number; msg: string }>,
): Promise<string> {
  const orders = await countOrders(t);
  const entries = await countEntries(t, trader.accountId);
  const before = await checkBooks(t, trader.accountId);
  const answer = await action();
  expect(answer.code).toBe(0);
  expect(await countOrders(t)).toBe(orders);
  expect(await countEntries(t, trader.accountId)).toBe(entries);
  expect(await checkBooks(t, trader.accountId)).toEqual(before);
  return answer.msg;
}

/** The order helpers with the app given once, for a file whose tests all run on one app. */
export function orderCallsOn(t: TestApp) {
  return {
    opened: (trader: Trader, fields?: Record<string, unknown>) => openedOrder(t, trader, fields),
    listOf: (trader: Trader, status: number, extra?: Record<string, unknown>) =>
      myDealTab(t, trader, status, extra),
    expectNothingWritten: (trader: Trader, action: () => Promise<{ code: number; msg: string }>) =>
      expectNothingWritten(t, trader, action),
  };
}
