import type { CopyOrderList, Follow, FollowList, MyTrader } from '@meridian/contract/copy';
import type { Order } from '@meridian/contract/trading';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call } from './accounts';
import { EURUSD, submit, type Trader, type TradingApp } from './trading';

/** What the copy trading route tests share: opting in, following, opening and reading copies. */

/** A market buy of 0.1 lot EURUSD at leverage 100. */
export const COPY_BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };

let names = 0;

/** The name the last `optedIn` took. */
export function lastOptedInName(): string {
  return `Trader ${names}`;
}

/** Opts the trader in under a fresh name; answers the trader id. */
export async function optedIn(t: TradingApp, trader: Trader): Promise<number> {
  names += 1;
  const answer = await call<MyTrader>(
    t,
    'POST',
    '/api/follow/opt_in',
    { display_name: `Trader ${names}` },
    { token: trader.token },
  );
  expect(answer.msg).toBe('Success');
  return answer.data?.trader_id as number;
}

export async function follows(t: TradingApp, follower: Trader, fields: Record<string, unknown>) {
  return call<Follow>(t, 'POST', '/api/follow/follow', fields, { token: follower.token });
}

export async function followed(
  t: TradingApp,
  follower: Trader,
  fields: Record<string, unknown>,
): Promise<Follow> {
  const answer = await follows(t, follower, fields);
  expect(answer.msg).toBe('Success');
  return answer.data;
}

/** The trader's `COPY_BUY` (with other fields if given), opened and mirrored. */
export async function openedAndMirrored(
  t: TradingApp,
  trader: Trader,
  fields: Record<string, unknown> = {},
): Promise<Order> {
  const answer = await submit(t, trader, { ...COPY_BUY, ...fields });
  expect(answer.msg).toBe('Success');
  await t.app.copyTrading.idle();
  return answer.data;
}

export async function copiesOf(t: TradingApp, follower: Trader, status?: 1 | 3): Promise<CopyOrderList> {
  const fields = status === undefined ? {} : { status };
  const answer = await call<CopyOrderList>(t, 'GET', '/api/follow/copy_orders', fields, {
    token: follower.token,
  });
  expect(answer.code).toBe(1);
  return answer.data;
}

export async function copiesOfSource(t: TradingApp, sourceId: number) {
  const result = await t.database.db.execute(
    `select id, user_id, lots, status, close_reason from orders where source_order_id = ${Number(sourceId)} order by id`,
  );
  return rowsOf<{ id: number; user_id: number; lots: string; status: string; close_reason: string | null }>(
    result,
  );
}

export async function myFollows(t: TradingApp, follower: Trader): Promise<FollowList> {
  return (await call<FollowList>(t, 'GET', '/api/follow/my_follows', {}, { token: follower.token })).data;
}

/** The copy helpers with the app given once, for a file whose tests all run on one app. */
export function copyCallsOn(t: TradingApp) {
  return {
    optedIn: (trader: Trader) => optedIn(t, trader),
    follows: (follower: Trader, fields: Record<string, unknown>) => follows(t, follower, fields),
    followed: (follower: Trader, fields: Record<string, unknown>) => followed(t, follower, fields),
    opened: (trader: Trader, fields?: Record<string, unknown>) => openedAndMirrored(t, trader, fields),
    copiesOf: (follower: Trader, status?: 1 | 3) => copiesOf(t, follower, status),
    copiesOfSource: (sourceId: number) => copiesOfSource(t, sourceId),
    myFollows: (follower: Trader) => myFollows(t, follower),
  };
}
