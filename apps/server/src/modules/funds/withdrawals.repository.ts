import type { SortOrder, WithdrawalSortKey } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rankOf } from '../../db/list-order';
import { insertOne } from '../../db/rows';
import { drawMethods, staffAccounts, users, withdrawalApprovals, withdrawals } from '../../db/schema';
import {
  customerRecordsPage,
  joinCustomerAndReviewer,
  lockReviewRow,
  moveReviewRow,
  type ReviewCustomer,
  reviewCustomerColumns,
  reviewerName,
  reviewListPage,
  reviewRowById,
} from '../review/review.public';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalState = WithdrawalRow['status'];
export type DrawMethodRow = typeof drawMethods.$inferSelect;

export type StaffWithdrawalRow = {
  withdrawal: WithdrawalRow;
  method: DrawMethodRow;
  customer: ReviewCustomer & { language: string };
  reviewerName: string | null;
};

export type ApprovalRow = { withdrawalId: number; staffId: number; staffName: string; createdAt: Date };

export async function insertWithdrawal(
  tx: Tx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  return insertOne(tx, withdrawals, values);
}

export async function countOpenWithdrawals(db: DbOrTx, userId: UserId): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'approved'])));
  return rows[0]?.total ?? 0;
}

export async function listWithdrawalsOfUser(
  db: DbOrTx,
  query: { userId: UserId; type?: 'coin' | 'bank' | undefined; limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    eq(withdrawals.userId, query.userId),
    query.type ? eq(withdrawals.type, query.type) : undefined,
  );
  const page = { table: withdrawals, where, limit: query.limit, offset: query.offset };
  return customerRecordsPage(db, db.select().from(withdrawals).$dynamic(), page);
}

/** A withdrawal with its row locked until the transaction ends: one review at a time. */
export function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  return lockReviewRow(tx, withdrawals, id);
}

/** Moves a withdrawal on, only from the state it was read in (the second check after the state machine). */
export function moveWithdrawal(
  tx: Tx,
  id: number,
  from: WithdrawalState,
  values: Partial<
    Pick<WithdrawalRow, 'status' | 'notes' | 'payoutReference' | 'reviewedByStaffId' | 'reviewedAt'>
  >,
): Promise<WithdrawalRow | undefined> {
  return moveReviewRow(tx, withdrawals, id, from, values);
}

export async function insertApproval(
  tx: Tx,
  values: { withdrawalId: number; staffId: number; createdAt: Date },
) {
  await tx.insert(withdrawalApprovals).values(values);
}

export async function approvalsOf(db: DbOrTx, withdrawalIds: readonly number[]): Promise<ApprovalRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .select({
      withdrawalId: withdrawalApprovals.withdrawalId,
      staffId: withdrawalApprovals.staffId,
      staffName: staffAccounts.name,
      createdAt: withdrawalApprovals.createdAt,
    })
    .from(withdrawalApprovals)
    .innerJoin(staffAccounts, eq(staffAccounts.id, withdrawalApprovals.staffId))
    .where(inArray(withdrawalApprovals.withdrawalId, [...withdrawalIds]))
    .orderBy(asc(withdrawalApprovals.id));
}

function staffSelection() {
  return {
    withdrawal: withdrawals,
    method: drawMethods,
    customer: { ...reviewCustomerColumns(), language: users.language },
    reviewerName,
  };
}

/** The joins every staff read of withdrawals makes (payout method, customer, reviewer). */
function staffWithdrawals(db: DbOrTx) {
  const query = db
    .select(staffSelection())
    .from(withdrawals)
    .innerJoin(drawMethods, eq(drawMethods.id, withdrawals.drawMethodId))
    .$dynamic();
  return joinCustomerAndReviewer(query, withdrawals);
}

/** What each sortable column of the withdrawals list sorts by (the only columns a client can choose). */
const WITHDRAWAL_SORT_COLUMNS = {
  id: withdrawals.id,
  customer: users.uid,
  number: withdrawals.number,
  fee: withdrawals.fee,
  real_number: withdrawals.receive,
  // As the screen numbers them: a first approval is still status 0.
  status: rankOf(withdrawals.status, ['pending', 'approved', 'paid', 'rejected']),
  created_at: withdrawals.createdAt,
  reviewed_by: reviewerName,
} as const;

export async function listWithdrawalsForStaff(
  db: DbOrTx,
  query: {
    states?: readonly WithdrawalState[] | undefined;
    type?: 'coin' | 'bank' | undefined;
    userId?: UserId | undefined;
    sort?: { key: WithdrawalSortKey; order: SortOrder } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StaffWithdrawalRow[]; total: number }> {
  const where = and(
    query.states ? inArray(withdrawals.status, [...query.states]) : undefined,
    query.type ? eq(withdrawals.type, query.type) : undefined,
    query.userId ? eq(withdrawals.userId, query.userId) : undefined,
  );
  return reviewListPage(db, staffWithdrawals(db), {
    table: withdrawals,
    where,
    columns: WITHDRAWAL_SORT_COLUMNS,
    sort: query.sort,
    // The waiting queue is pending and approved-once withdrawals alike.
    waiting: query.states?.includes('pending') === true,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function findWithdrawalForStaff(
  db: DbOrTx,
  id: number,
): Promise<StaffWithdrawalRow | undefined> {
  return reviewRowById(staffWithdrawals(db), withdrawals, id);
}
