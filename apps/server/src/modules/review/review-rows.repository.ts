import type { SortOrder } from '@meridian/contract/list-sort';
import { and, asc, count, desc, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { findOne } from '../../db/rows';
import { areaCodes, staffAccounts, users } from '../../db/schema';

/** A table of records staff review: one row each, with its id and a status column the state machine moves. */
type ReviewTable = PgTable & { id: PgColumn; status: PgColumn };

/** A record with its row locked until the transaction ends: one review at a time. */
export async function lockReviewRow<Table extends ReviewTable>(
  tx: Tx,
  table: Table,
  id: number,
): Promise<Table['$inferSelect'] | undefined> {
  return findOne(tx, table, eq(table.id, id), { lock: true });
}

/**
 * Records a review, only from the state the record was read in (the database's check, after the
 * state machine's): answers undefined when it was moved meanwhile.
 */
export async function moveReviewRow<Table extends ReviewTable>(
  tx: Tx,
  table: Table,
  id: number,
  from: Table['$inferSelect']['status'],
  values: Partial<Table['$inferInsert']>,
): Promise<Table['$inferSelect'] | undefined> {
  const rows: unknown[] = await tx
    .update(table as PgTable)
    .set(values)
    .where(and(eq(table.id, id), eq(table.status, from)))
    .returning();
  return rows[0] as Table['$inferSelect'] | undefined;
}

/** Who a review list shows the record is of (the customer's contact, as the reviewer reaches them). */
export function reviewCustomerColumns() {
  return {
    id: users.id,
    uid: users.uid,
    email: users.email,
    mobile: users.mobile,
    globalCode: areaCodes.globalCode,
  };
}

/** The reviewer's name of a reviewed record (none while it waits). */
export const reviewerName = staffAccounts.name;

/**
 * The joins every staff read of a review queue makes: the customer (with their area code) and the
 * reviewer. A dynamic query keeps the selection's declared types, so each repository states its
 * row type (with the reviewer's name nullable) in its own signature.
 */
export function joinCustomerAndReviewer<Query extends PgSelect>(
  query: Query,
  record: { userId: PgColumn; reviewedByStaffId: PgColumn },
) {
  return query
    .innerJoin(users, eq(users.id, record.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, record.reviewedByStaffId));
}

/**
 * A review list's order: the column the reviewer chose, else the waiting queue oldest first (the
 * customer who waited longest) and the history newest first.
 */
function reviewListOrder<Key extends string>(
  columns: Readonly<Record<Key, SQLWrapper>>,
  id: PgColumn,
  sort: { key: Key; order: SortOrder } | undefined,
  waiting: boolean,
): SQL[] {
  if (sort) return sortedBy(columns, id, sort);
  return [waiting ? asc(id) : desc(id)];
}

/** How many records of a review list match its filter (the pager's total). */
export async function countReviewRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const totals = await db.select({ total: count() }).from(table).where(where);
  return totals[0]?.total ?? 0;
}

/** Who a review list shows the record is of (reviewCustomerColumns' row). */
export type ReviewCustomer = {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  globalCode: string | null;
};

/** One page of a review list's records: its filter, its table (for the count) and the page. */
type PageOfRecords = { table: ReviewTable; where: SQL | undefined; limit: number; offset: number };

/**
 * One page of a review list in its order (reviewListOrder), and how many records match its filter.
 * `query` is the list's dynamic select with its joins (joinCustomerAndReviewer).
 */
export function reviewListPage<Query extends PgSelect, Key extends string>(
  db: DbOrTx,
  query: Query,
  list: PageOfRecords & {
    columns: Readonly<Record<Key, SQLWrapper>>;
    sort: { key: Key; order: SortOrder } | undefined;
    waiting: boolean;
  },
) {
  return pageOf(db, query, list, reviewListOrder(list.columns, list.table.id, list.sort, list.waiting));
}

/** One page of a customer's own records (their deposits or withdrawals), newest first, and the total. */
export function customerRecordsPage<Query extends PgSelect>(db: DbOrTx, query: Query, list: PageOfRecords) {
  return pageOf(db, query, list, [desc(list.table.id)]);
}

async function pageOf<Query extends PgSelect>(db: DbOrTx, query: Query, list: PageOfRecords, order: SQL[]) {
  const rows = await query
    .where(list.where)
    .orderBy(...order)
    .limit(list.limit)
    .offset(list.offset);
  return { rows, total: await countReviewRows(db, list.table, list.where) };
}

/** The record of a review list's query (with its joins) that has this id. */
export async function reviewRowById<Query extends PgSelect>(
  query: Query,
  table: ReviewTable,
  id: number,
): Promise<Awaited<Query>[number] | undefined> {
  // A dynamic query's `where` loses its row type in a generic; the rows are the query's own.
  const rows: unknown[] = await query.where(eq(table.id, id));
  return rows[0] as Awaited<Query>[number] | undefined;
}
