import type { CustomerLedgerSortKey, SortOrder } from '@meridian/contract/list-sort';
import { type AccountId, asAccountId, asOrderId, type OrderId, type UserId } from '@meridian/domain/ids';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { rowsOf } from '../../db/migrate';
import { findOne, insertOne } from '../../db/rows';
import { ledgerEntries, tradingAccounts } from '../../db/schema';
import {
  columnList,
  driverValues,
  placeholders,
  recordsOf,
  runStatement,
  type Statement,
  statement,
} from '../../db/statements';
import type { AccountMode, LedgerBucket } from './ledger.kinds';

export type TradingAccountRow = typeof tradingAccounts.$inferSelect;
export type NewLedgerEntryRow = typeof ledgerEntries.$inferInsert;

export async function insertAccount(
  tx: Tx,
  values: { userId: UserId; mode: AccountMode; at: Date },
): Promise<TradingAccountRow> {
  return insertOne(tx, tradingAccounts, { userId: values.userId, mode: values.mode, updatedAt: values.at });
}

const LOCK_ACCOUNT = statement(
  'meridian_lock_account',
  sql`select * from ${tradingAccounts} where ${tradingAccounts.id} = ${sql.placeholder('accountId')} for update`,
);

/** Reads the account and holds its row lock until the transaction ends: postings are serialized. */
export async function lockAccount(tx: Tx, accountId: AccountId): Promise<TradingAccountRow | undefined> {
  return recordsOf(tradingAccounts, await runStatement(tx, LOCK_ACCOUNT, { accountId }))[0];
}

/** Locks several accounts in ascending id order (every bulk writer takes them in that order). */
export async function lockAccounts(tx: Tx, accountIds: readonly AccountId[]): Promise<TradingAccountRow[]> {
  if (accountIds.length === 0) return [];
  return tx
    .select()
    .from(tradingAccounts)
    .where(sql`${tradingAccounts.id} = any(${sql.param([...accountIds])}::int[])`)
    .orderBy(tradingAccounts.id)
    .for('update');
}

/**
 * The margin held by each of several orders: the sums of their margin entries. Looked up by
 * (account, order) pairs, which the ledger's (account_id, order_id) index serves; by order alone it
 * would scan the whole ledger.
 */
export async function marginHeldByOrders(
  tx: Tx,
  pairs: readonly { accountId: AccountId; orderId: OrderId }[],
): Promise<{ accountId: AccountId; orderId: OrderId; total: string }[]> {
  if (pairs.length === 0) return [];
  const accounts = sql.param(pairs.map((pair) => pair.accountId));
  const orderIds = sql.param(pairs.map((pair) => pair.orderId));
  // A lateral lookup per pair: each is an index probe whatever the planner believes of the ledger.
  // As a plain join, statistics from before the latest orders (autovacuum not yet run) made it pick a
  // nested loop over every margin entry times every pair: seconds for a thousand pairs.
  const result = await tx.execute(sql`
    select wanted.account_id, wanted.order_id, held.total
    from unnest(${accounts}::int[], ${orderIds}::int[]) as wanted(account_id, order_id)
    cross join lateral (
      select sum(entry.amount)::text as total from ${ledgerEntries} entry
      where entry.account_id = wanted.account_id and entry.order_id = wanted.order_id and entry.bucket = 'margin'
    ) held
    where held.total is not null`);
  return rowsOf<{ account_id: number; order_id: number; total: string }>(result).map((row) => ({
    accountId: asAccountId(Number(row.account_id)),
    orderId: asOrderId(Number(row.order_id)),
    total: row.total,
  }));
}

/** Stores the balances of several accounts in one statement. */
export async function updateManyBalances(
  tx: Tx,
  values: readonly {
    accountId: AccountId;
    balance: string;
    lockBalance: string;
    previousBalance: string;
    previousLockBalance: string;
  }[],
  at: Date,
): Promise<number> {
  if (values.length === 0) return 0;
  // One array parameter per column, whatever the number of accounts. A row is written only while it
  // still holds the balances the posting started from (the second check of money: a stale snapshot
  // touches fewer rows, and the caller fails loudly).
  const column = (pick: (value: (typeof values)[number]) => string | number) => sql.param(values.map(pick));
  const result = await tx.execute(sql`
    update ${tradingAccounts} as account
    set balance = next.balance, lock_balance = next.lock_balance, updated_at = ${at}
    from unnest(${column((value) => value.accountId)}::int[], ${column((value) => value.balance)}::numeric[],
                ${column((value) => value.lockBalance)}::numeric[], ${column((value) => value.previousBalance)}::numeric[],
                ${column((value) => value.previousLockBalance)}::numeric[])
      as next(id, balance, lock_balance, previous_balance, previous_lock_balance)
    where account.id = next.id and account.balance = next.previous_balance
      and account.lock_balance = next.previous_lock_balance
    returning account.id`);
  return rowsOf<{ id: number }>(result).length;
}

export async function findAccountByUser(db: DbOrTx, userId: UserId): Promise<TradingAccountRow | undefined> {
  return findOne(db, tradingAccounts, eq(tradingAccounts.userId, userId));
}

export async function findAccount(db: DbOrTx, accountId: AccountId): Promise<TradingAccountRow | undefined> {
  return findOne(db, tradingAccounts, eq(tradingAccounts.id, accountId));
}

/** The margin one order holds: the sum of its margin entries (numeric text). */
export async function marginHeldByOrder(tx: Tx, accountId: AccountId, orderId: OrderId): Promise<string> {
  const rows = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.bucket, 'margin'),
      ),
    );
  return rows[0]?.total ?? '0';
}

/** Ledger entries inserted with one array parameter per column (unnest), for bulk postings; ids in the rows' order. */
export async function insertEntriesBulk(tx: Tx, rows: NewLedgerEntryRow[]): Promise<number[]> {
  const column = (pick: (row: NewLedgerEntryRow) => unknown) =>
    sql.param(rows.map((row) => pick(row) ?? null));
  const result = await tx.execute(sql`
    insert into ${ledgerEntries} (account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key,
                                  memo_params, author, created_at)
    select account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key, memo_params::jsonb,
           author, created_at
    from unnest(${column((r) => r.accountId)}::int[], ${column((r) => r.bucket)}::text[], ${column((r) => r.orderId)}::int[],
                ${column((r) => r.amount)}::numeric[], ${column((r) => r.balanceAfter)}::numeric[], ${column((r) => r.kind)}::text[],
                ${column((r) => r.reference)}::text[], ${column((r) => r.memoKey)}::text[],
                ${column((r) => JSON.stringify(r.memoParams ?? {}))}::text[], ${column((r) => r.author)}::text[],
                ${column((r) => (r.createdAt ?? new Date()).toISOString())}::timestamptz[])
      with ordinality as row(account_id, bucket, order_id, amount, balance_after, kind, reference, memo_key,
                             memo_params, author, created_at, n)
    order by n
    returning id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/** An account's balances before and after a posting (numeric texts). */
type BalancesChange = {
  accountId: AccountId;
  before: { balance: string; lockBalance: string };
  after: { balance: string; lockBalance: string };
  at: Date;
};

const ENTRY_KEYS = [
  'accountId',
  'bucket',
  'orderId',
  'amount',
  'balanceAfter',
  'kind',
  'reference',
  'memoKey',
  'memoParams',
  'author',
  'createdAt',
] as const satisfies readonly (keyof NewLedgerEntryRow)[];

/**
 * A posting's entries and its account's balances in one statement (two data-modifying parts of one
 * WITH), one prepared statement per number of entries. The entries' ids come back in the rows'
 * order (identity values are drawn in that order), with how many accounts the update touched. The
 * update applies only while the account still holds the balances the posting started from, so
 * balances read anywhere but under this transaction's lock touch no account (the caller then fails
 * loudly and rolls back).
 */
function postingStatement(entryCount: number): Statement {
  const rows = Array.from(
    { length: entryCount },
    (_, index) => sql`(${placeholders(ENTRY_KEYS, `e${index}_`)})`,
  );
  const placeholder = (name: string) => sql.placeholder(name);
  return statement(
    `meridian_posting_${entryCount}`,
    sql`with entries as (
      insert into ${ledgerEntries} (${columnList(ledgerEntries, ENTRY_KEYS)})
      values ${sql.join(rows, sql`, `)}
      returning ${ledgerEntries.id}
    ), account as (
      update ${tradingAccounts}
      set ${sql.identifier(tradingAccounts.balance.name)} = ${placeholder('balanceAfter')},
        ${sql.identifier(tradingAccounts.lockBalance.name)} = ${placeholder('lockBalanceAfter')},
        ${sql.identifier(tradingAccounts.updatedAt.name)} = ${placeholder('at')}
      where ${tradingAccounts.id} = ${placeholder('accountId')}
        and ${tradingAccounts.balance} = ${placeholder('balanceBefore')}
        and ${tradingAccounts.lockBalance} = ${placeholder('lockBalanceBefore')}
      returning ${tradingAccounts.id}
    )
    select entries.id, (select count(*) from account)::int as accounts_updated
    from entries order by entries.id`,
  );
}

const postingStatements = new Map<number, Statement>();

export async function insertEntriesAndBalances(
  tx: Tx,
  rows: NewLedgerEntryRow[],
  change: BalancesChange,
): Promise<{ entryIds: number[]; accountsUpdated: number }> {
  let posting = postingStatements.get(rows.length);
  if (!posting) {
    posting = postingStatement(rows.length);
    postingStatements.set(rows.length, posting);
  }
  const values: Record<string, unknown> = {
    accountId: change.accountId,
    balanceBefore: change.before.balance,
    lockBalanceBefore: change.before.lockBalance,
    balanceAfter: change.after.balance,
    lockBalanceAfter: change.after.lockBalance,
    at: change.at.toISOString(),
  };
  for (const [index, row] of rows.entries())
    Object.assign(values, driverValues(ledgerEntries, ENTRY_KEYS, row, `e${index}_`));
  const written = await runStatement(tx, posting, values);
  return {
    entryIds: written.map((row) => Number(row.id)),
    accountsUpdated: Number(written[0]?.accounts_updated ?? 0),
  };
}

/** The sum of an account's entries in each bucket (numeric text), for reconciliation. */
export async function sumEntriesByBucket(
  db: DbOrTx,
  accountId: AccountId,
): Promise<Record<LedgerBucket, string> & { count: number }> {
  const rows = await db
    .select({
      bucket: ledgerEntries.bucket,
      total: sql<string>`sum(${ledgerEntries.amount})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerEntries.bucket);
  const sums = { balance: '0', lock: '0', margin: '0', count: 0 };
  for (const row of rows) {
    if (row.bucket === 'balance' || row.bucket === 'lock' || row.bucket === 'margin')
      sums[row.bucket] = row.total;
    sums.count += Number(row.count);
  }
  return sums;
}

export async function balancesOf(db: DbOrTx, accountIds: readonly AccountId[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ id: tradingAccounts.id, balance: tradingAccounts.balance })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...accountIds]));
}

const balanceEntriesOf = (accountId: AccountId) =>
  and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.bucket, 'balance'));

/** A page of an account's available-balance entries, newest first. */
/** What each sortable column of the back office's ledger tab sorts by (the only columns a client can choose). */
const LEDGER_SORT_COLUMNS = {
  id: ledgerEntries.id,
  created_at: ledgerEntries.createdAt,
  kind: ledgerEntries.kind,
  amount: ledgerEntries.amount,
  balance_after: ledgerEntries.balanceAfter,
  order_id: ledgerEntries.orderId,
} as const;

/** A page of an account's entries: where it starts, how many, and the customer's chosen order. */
export type LedgerPageRequest = {
  offset: number;
  limit: number;
  sort?: { key: CustomerLedgerSortKey; order: SortOrder } | undefined;
};

export async function listBalanceEntries(db: DbOrTx, accountId: AccountId, page: LedgerPageRequest) {
  return db
    .select()
    .from(ledgerEntries)
    .where(balanceEntriesOf(accountId))
    .orderBy(
      ...(page.sort ? sortedBy(LEDGER_SORT_COLUMNS, ledgerEntries.id, page.sort) : [desc(ledgerEntries.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBalanceEntries(db: DbOrTx, accountId: AccountId): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(balanceEntriesOf(accountId));
  return Number(rows[0]?.count ?? 0);
}
