import type { SortOrder, SubmissionSortKey } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rankOf } from '../../db/list-order';
import { insertOne } from '../../db/rows';
import { realNameSubmissions, uploads, users } from '../../db/schema';
import {
  joinCustomerAndReviewer,
  moveReviewRow,
  type ReviewCustomer,
  reviewCustomerColumns,
  reviewerName,
  reviewListPage,
  reviewRowById,
} from '../review/review.public';

export type SubmissionRow = typeof realNameSubmissions.$inferSelect;

/** The user's newest submission; with `lock`, its row is held until the transaction ends. */
export async function latestSubmission(
  db: DbOrTx,
  userId: UserId,
  options: { lock?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const query = db
    .select()
    .from(realNameSubmissions)
    .where(eq(realNameSubmissions.userId, userId))
    .orderBy(desc(realNameSubmissions.id))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertSubmission(
  db: DbOrTx,
  values: typeof realNameSubmissions.$inferInsert,
): Promise<SubmissionRow> {
  return insertOne(db, realNameSubmissions, values);
}

/**
 * Records a review, only from the waiting state the submission was read in under its lock (the
 * database's check, after the state machine's): answers undefined when it was reviewed meanwhile.
 */
export function updateReview(
  tx: Tx,
  id: number,
  values: { status: 'verified' | 'rejected'; reason: string | null; staffId: number; at: Date },
): Promise<SubmissionRow | undefined> {
  return moveReviewRow(tx, realNameSubmissions, id, 'pending', {
    status: values.status,
    reason: values.reason,
    reviewedByStaffId: values.staffId,
    reviewedAt: values.at,
  });
}

/** A submission as the back office lists it: with its customer and its reviewer. */
export type StaffSubmissionRow = {
  submission: SubmissionRow;
  customer: ReviewCustomer;
  reviewerName: string | null;
};

function staffSelection() {
  return {
    submission: realNameSubmissions,
    customer: reviewCustomerColumns(),
    reviewerName,
  };
}

/** The joins every staff read of submissions makes (customer, reviewer). */
function staffSubmissions(db: DbOrTx) {
  return joinCustomerAndReviewer(
    db.select(staffSelection()).from(realNameSubmissions).$dynamic(),
    realNameSubmissions,
  );
}

/**
 * What each sortable column of the identity reviews sorts by. Not the legal name: most roles see it
 * masked, and an order by the real name would tell what the stars hide.
 */
const SUBMISSION_SORT_COLUMNS = {
  id: realNameSubmissions.id,
  customer: users.uid,
  submitted_at: realNameSubmissions.createdAt,
  state: rankOf(realNameSubmissions.status, ['pending', 'verified', 'rejected']),
} as const;

/** Submissions in some states; waiting ones oldest first (the queue), the others newest first. */
export async function listSubmissionsForStaff(
  db: DbOrTx,
  query: {
    statuses?: readonly SubmissionRow['status'][] | undefined;
    userId?: UserId | undefined;
    oldestFirst: boolean;
    sort?: { key: SubmissionSortKey; order: SortOrder } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StaffSubmissionRow[]; total: number }> {
  const where = and(
    query.statuses ? inArray(realNameSubmissions.status, [...query.statuses]) : undefined,
    query.userId ? eq(realNameSubmissions.userId, query.userId) : undefined,
  );
  return reviewListPage(db, staffSubmissions(db), {
    table: realNameSubmissions,
    where,
    columns: SUBMISSION_SORT_COLUMNS,
    sort: query.sort,
    waiting: query.oldestFirst,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function findSubmissionForStaff(
  db: DbOrTx,
  id: number,
): Promise<StaffSubmissionRow | undefined> {
  return reviewRowById(staffSubmissions(db), realNameSubmissions, id);
}

/** The stored names of uploads, by id (for addresses signed for a reviewer). */
export async function uploadNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
