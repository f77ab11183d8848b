import type { AccountId, UserId } from '@meridian/domain/ids';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { follows, instruments, orders } from '../../db/schema';
import { LIVE_FOLLOW } from './follows.repository';

// What the trader statistics read: closed orders, funding, accounts and follower counts.

/** Active and paused followers per trader. */
export async function countFollowers(db: DbOrTx, traderIds: readonly number[]): Promise<Map<number, number>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .select({ traderId: follows.traderId, count: sql<number>`count(*)::int` })
    .from(follows)
    .where(and(inArray(follows.traderId, [...traderIds]), inArray(follows.state, LIVE_FOLLOW)))
    .groupBy(follows.traderId);
  return new Map(rows.map((row) => [row.traderId, Number(row.count)]));
}

/** The closed orders the statistics read, with the instrument's ShowCode, oldest close first. */
export async function closedOrdersOfUsers(db: DbOrTx, userIds: readonly UserId[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      showCode: instruments.showCode,
      side: orders.side,
      lots: orders.lots,
      leverage: orders.leverage,
      openPrice: orders.openPrice,
      closePrice: orders.closePrice,
      openedAt: orders.openedAt,
      closedAt: orders.closedAt,
      margin: orders.margin,
      fee: orders.fee,
      realisedProfit: orders.realisedProfit,
    })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(and(inArray(orders.userId, [...userIds]), eq(orders.status, 'closed')))
    .orderBy(orders.closedAt, orders.id);
}

/**
 * The money each account received before `until` (per account): deposits, demo credits, demo
 * top-ups and adjustments on the available balance, less withdrawals paid. The statistics' starting
 * equity (docs/decisions.md "Copy trading: statistics").
 */
export async function fundingOfAccounts(
  db: DbOrTx,
  accounts: readonly { accountId: AccountId; until: Date }[],
): Promise<Map<number, string>> {
  if (accounts.length === 0) return new Map();
  const pairs = sql.join(
    accounts.map((item) => sql`(${item.accountId}::int, ${item.until.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select wanted.account_id, coalesce(sum(entry.amount), 0)::text as total
    from (values ${pairs}) as wanted(account_id, until)
    left join ledger_entries entry on entry.account_id = wanted.account_id
      and entry.created_at <= wanted.until
      and ((entry.bucket = 'balance' and entry.kind in ('deposit', 'demo_credit', 'demo_reset', 'adjustment'))
        or (entry.bucket = 'lock' and entry.kind = 'withdraw_paid'))
    group by wanted.account_id`);
  return new Map(
    rowsOf<{ account_id: AccountId; total: string }>(result).map((row) => [row.account_id, row.total]),
  );
}

export async function accountIdsOfUsers(
  db: DbOrTx,
  userIds: readonly UserId[],
): Promise<Map<UserId, AccountId>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute(
    sql`select id, user_id from trading_accounts where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: AccountId; user_id: UserId }>(result).map((row) => [row.user_id, row.id]));
}

// Follows.
