import type { DepositSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rankOf } from '../../db/list-order';
import { insertOne } from '../../db/rows';
import {
  depositApprovals,
  depositChannels,
  deposits,
  staffAccounts,
  uploads,
  users,
  wireAccounts,
} from '../../db/schema';
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

export type DepositRow = typeof deposits.$inferSelect;
export type DepositState = DepositRow['status'];

/** A deposit with its proof's stored name (for signed addresses). */
export type DepositWithProof = { deposit: DepositRow; proofName: string };

/** A deposit as the back office lists it: with its customer and its reviewer. */
export type StaffDepositRow = DepositWithProof & {
  customer: ReviewCustomer & { language: string };
  reviewerName: string | null;
  /** What the flags are made of: the channel's placeholder mark and address today, ... */
  channel: { placeholder: boolean; address: string } | null;
  wire: { placeholder: boolean; payeeAccount: string } | null;
  /** ... whether another deposit shows the same proof, and whether an earlier one was credited. */
  proofReused: boolean;
  creditedBefore: boolean;
};

export type DepositApprovalRow = {
  depositId: number;
  staffId: number;
  staffName: string;
  amount: string;
  reason: string;
  createdAt: Date;
};

export async function insertDeposit(tx: Tx, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  return insertOne(tx, deposits, values);
}

export async function countPendingDeposits(db: DbOrTx, userId: UserId): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending')));
  return rows[0]?.total ?? 0;
}

export async function listDepositsOfUser(
  db: DbOrTx,
  query: { userId: UserId; type?: 'coin' | 'bank' | undefined; limit: number; offset: number },
): Promise<{ rows: DepositWithProof[]; total: number }> {
  const where = and(
    eq(deposits.userId, query.userId),
    query.type ? eq(deposits.type, query.type) : undefined,
  );
  const withProofs = db
    .select({ deposit: deposits, proofName: uploads.name })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .$dynamic();
  return customerRecordsPage(db, withProofs, {
    table: deposits,
    where,
    limit: query.limit,
    offset: query.offset,
  });
}

/** A deposit with its row locked until the transaction ends: one review at a time. */
export function lockDeposit(tx: Tx, id: number): Promise<DepositRow | undefined> {
  return lockReviewRow(tx, deposits, id);
}

/**
 * Records a review, only from the state it was read in (the second check, after the state
 * machine): answers undefined when the deposit was reviewed meanwhile.
 */
export function reviewDeposit(
  tx: Tx,
  id: number,
  from: DepositState,
  values: Pick<
    DepositRow,
    'status' | 'remark' | 'amount' | 'amountReason' | 'reviewedByStaffId' | 'reviewedAt'
  >,
): Promise<DepositRow | undefined> {
  return moveReviewRow(tx, deposits, id, from, values);
}

function staffSelection() {
  return {
    deposit: deposits,
    proofName: uploads.name,
    customer: { ...reviewCustomerColumns(), language: users.language },
    reviewerName,
    channel: { placeholder: depositChannels.addressPlaceholder, address: depositChannels.address },
    wire: { placeholder: wireAccounts.placeholder, payeeAccount: wireAccounts.payeeAccount },
    // Another deposit with the same proof: the same upload, or an upload of the same content
    // (any customer's). Uploads stored before the hash existed have none and match nothing.
    proofReused: sql<boolean>`exists (select 1 from "deposits" "other" join "uploads" "other_proof" on "other_proof"."id" = "other"."proof_upload_id" where "other"."id" <> ${deposits.id} and ("other"."proof_upload_id" = ${deposits.proofUploadId} or "other_proof"."content_sha256" = ${uploads.contentSha256}))`,
    // A credited deposit of the same customer before this one (before it was credited, for a
    // credited one; any, for one not credited).
    creditedBefore: sql<boolean>`exists (select 1 from "deposits" "earlier" where "earlier"."user_id" = ${deposits.userId} and "earlier"."status" = 'finished' and "earlier"."id" <> ${deposits.id} and (${deposits.status} <> 'finished' or "earlier"."reviewed_at" < ${deposits.reviewedAt} or ("earlier"."reviewed_at" = ${deposits.reviewedAt} and "earlier"."id" < ${deposits.id})))`,
  };
}

/** The joins every staff read of deposits makes (customer, proof, reviewer, channel or wire account). */
function staffDeposits(db: DbOrTx) {
  const query = db
    .select(staffSelection())
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .$dynamic();
  return joinCustomerAndReviewer(query, deposits)
    .leftJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .leftJoin(wireAccounts, eq(wireAccounts.id, deposits.wireAccountId));
}

/** What each sortable column of the deposits list sorts by (the only columns a client can choose). */
const DEPOSIT_SORT_COLUMNS = {
  id: deposits.id,
  customer: users.uid,
  number: deposits.number,
  amount: deposits.amount,
  status: rankOf(deposits.status, ['pending', 'finished', 'rejected', 'invalid']),
  created_at: deposits.createdAt,
  reviewed_at: deposits.reviewedAt,
} as const;

export async function listDepositsForStaff(
  db: DbOrTx,
  query: {
    status?: DepositState | undefined;
    type?: 'coin' | 'bank' | undefined;
    userId?: UserId | undefined;
    sort?: { key: DepositSortKey; order: SortOrder } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StaffDepositRow[]; total: number }> {
  const where = and(
    query.status ? eq(deposits.status, query.status) : undefined,
    query.type ? eq(deposits.type, query.type) : undefined,
    query.userId ? eq(deposits.userId, query.userId) : undefined,
  );
  return reviewListPage(db, staffDeposits(db), {
    table: deposits,
    where,
    columns: DEPOSIT_SORT_COLUMNS,
    sort: query.sort,
    waiting: query.status === 'pending',
    limit: query.limit,
    offset: query.offset,
  });
}

export async function findDepositForStaff(db: DbOrTx, id: number): Promise<StaffDepositRow | undefined> {
  return reviewRowById(staffDeposits(db), deposits, id);
}

/** Records one staff member's approval of a deposit (four-eyes); unique per person and deposit. */
export async function insertDepositApproval(
  tx: Tx,
  values: { depositId: number; staffId: number; amount: string; reason: string; createdAt: Date },
): Promise<void> {
  await tx.insert(depositApprovals).values(values);
}

/** The approvals of some deposits, oldest first, with their staff members' names. */
export async function depositApprovalsOf(
  db: DbOrTx,
  depositIds: readonly number[],
): Promise<DepositApprovalRow[]> {
  if (depositIds.length === 0) return [];
  return db
    .select({
      depositId: depositApprovals.depositId,
      staffId: depositApprovals.staffId,
      staffName: staffAccounts.name,
      amount: depositApprovals.amount,
      reason: depositApprovals.reason,
      createdAt: depositApprovals.createdAt,
    })
    .from(depositApprovals)
    .innerJoin(staffAccounts, eq(staffAccounts.id, depositApprovals.staffId))
    .where(inArray(depositApprovals.depositId, [...depositIds]))
    .orderBy(asc(depositApprovals.id));
}
