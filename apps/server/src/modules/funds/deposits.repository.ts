import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { areaCodes, deposits, staffAccounts, uploads, users } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;
export type DepositState = DepositRow['status'];

/** A deposit with its proof's stored name (for signed addresses). */
export type DepositWithProof = { deposit: DepositRow; proofName: string };

/** A deposit as the back office lists it: with its customer and its reviewer. */
export type StaffDepositRow = DepositWithProof & {
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

export async function insertDeposit(tx: Tx, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const rows = await tx.insert(deposits).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into deposits returned no row');
  return row;
}

export async function countPendingDeposits(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending')));
  return rows[0]?.total ?? 0;
}

export async function listDepositsOfUser(
  db: DbOrTx,
  query: { userId: number; type?: 'coin' | 'bank' | undefined; limit: number; offset: number },
): Promise<{ rows: DepositWithProof[]; total: number }> {
  const where = and(
    eq(deposits.userId, query.userId),
    query.type ? eq(deposits.type, query.type) : undefined,
  );
  const rows = await db
    .select({ deposit: deposits, proofName: uploads.name })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(deposits).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A deposit with its row locked until the transaction ends: one review at a time. */
export async function lockDeposit(tx: Tx, id: number): Promise<DepositRow | undefined> {
  const rows = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return rows[0];
}

/**
 * Records a review, only from the state it was read in (the second check, after the state
 * machine): answers undefined when the deposit was reviewed meanwhile.
 */
export async function reviewDeposit(
  tx: Tx,
  id: number,
  from: DepositState,
  values: Pick<
    DepositRow,
    'status' | 'remark' | 'amount' | 'amountReason' | 'reviewedByStaffId' | 'reviewedAt'
  >,
): Promise<DepositRow | undefined> {
  const rows = await tx
    .update(deposits)
    .set(values)
    .where(and(eq(deposits.id, id), eq(deposits.status, from)))
    .returning();
  return rows[0];
}

function staffSelection() {
  return {
    deposit: deposits,
    proofName: uploads.name,
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

export async function listDepositsForStaff(
  db: DbOrTx,
  query: {
    status?: DepositState | undefined;
    type?: 'coin' | 'bank' | undefined;
    userId?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StaffDepositRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(deposits.status, query.status) : undefined,
    query.type ? eq(deposits.type, query.type) : undefined,
    query.userId ? eq(deposits.userId, query.userId) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select(staffSelection())
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, deposits.reviewedByStaffId))
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(deposits).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findDepositForStaff(db: DbOrTx, id: number): Promise<StaffDepositRow | undefined> {
  const rows = await db
    .select(staffSelection())
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, deposits.reviewedByStaffId))
    .where(eq(deposits.id, id));
  return rows[0];
}
