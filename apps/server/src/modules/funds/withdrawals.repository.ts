import type { SortOrder, WithdrawalSortKey } from '@meridian/contract/list-sort';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rankOf, sortedBy } from '../../db/list-order';
import {
  areaCodes,
  drawMethods,
  staffAccounts,
  users,
  withdrawalApprovals,
  withdrawals,
} from '../../db/schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalState = WithdrawalRow['status'];
export type DrawMethodRow = typeof drawMethods.$inferSelect;

export type StaffWithdrawalRow = {
  withdrawal: WithdrawalRow;
  method: DrawMethodRow;
  customer: {
    id: number;
    uid: string;
    email: string | null;
    mobile: string | null;
    globalCode: string | null;
    language: string;
  };
  reviewerName: string | null;
};

export type ApprovalRow = { withdrawalId: number; staffId: number; staffName: string; createdAt: Date };

export async function insertWithdrawal(
  tx: Tx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const rows = await tx.insert(withdrawals).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into withdrawals returned no row');
  return row;
}

export async function countOpenWithdrawals(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'approved'])));
  return rows[0]?.total ?? 0;
}

export async function listWithdrawalsOfUser(
  db: DbOrTx,
  query: { userId: number; type?: 'coin' | 'bank' | undefined; limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    eq(withdrawals.userId, query.userId),
    query.type ? eq(withdrawals.type, query.type) : undefined,
  );
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(withdrawals).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A withdrawal with its row locked until the transaction ends: one review at a time. */
export async function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const rows = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return rows[0];
}

/** Moves a withdrawal on, only from the state it was read in (the second check after the state machine). */
export async function moveWithdrawal(
  tx: Tx,
  id: number,
  from: WithdrawalState,
  values: Partial<
    Pick<WithdrawalRow, 'status' | 'notes' | 'payoutReference' | 'reviewedByStaffId' | 'reviewedAt'>
  >,
): Promise<WithdrawalRow | undefined> {
  const rows = await tx
    .update(withdrawals)
    .set(values)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return rows[0];
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
    customer: {
      id: users.id,
      uid: users.uid,
      email: users.email,
      mobile: users.mobile,
      globalCode: areaCodes.globalCode,
      language: users.language,
    },
    reviewerName: staffAccounts.name,
  };
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
  reviewed_by: staffAccounts.name,
} as const;

export async function listWithdrawalsForStaff(
  db: DbOrTx,
  query: {
    states?: readonly WithdrawalState[] | undefined;
    type?: 'coin' | 'bank' | undefined;
    userId?: number | undefined;
    sort?: { key: WithdrawalSortKey; order: SortOrder } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StaffWithdrawalRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.states ? inArray(withdrawals.status, [...query.states]) : undefined,
    query.type ? eq(withdrawals.type, query.type) : undefined,
    query.userId ? eq(withdrawals.userId, query.userId) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select(staffSelection())
    .from(withdrawals)
    .innerJoin(drawMethods, eq(drawMethods.id, withdrawals.drawMethodId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, withdrawals.reviewedByStaffId))
    .where(where)
    // The waiting queue (pending, or approved once) is worked oldest first; history newest first.
    .orderBy(
      ...(query.sort
        ? sortedBy(WITHDRAWAL_SORT_COLUMNS, withdrawals.id, query.sort)
        : [query.states?.includes('pending') ? asc(withdrawals.id) : desc(withdrawals.id)]),
    )
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(withdrawals).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findWithdrawalForStaff(
  db: DbOrTx,
  id: number,
): Promise<StaffWithdrawalRow | undefined> {
  const rows = await db
    .select(staffSelection())
    .from(withdrawals)
    .innerJoin(drawMethods, eq(drawMethods.id, withdrawals.drawMethodId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, withdrawals.reviewedByStaffId))
    .where(eq(withdrawals.id, id));
  return rows[0];
}
