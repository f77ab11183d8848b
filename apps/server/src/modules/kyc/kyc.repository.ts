import type { SortOrder, SubmissionSortKey } from '@meridian/contract/list-sort';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rankOf, sortedBy } from '../../db/list-order';
import { areaCodes, realNameSubmissions, staffAccounts, uploads, users } from '../../db/schema';

export type SubmissionRow = typeof realNameSubmissions.$inferSelect;

/** The user's newest submission; with `lock`, its row is held until the transaction ends. */
export async function latestSubmission(
  db: DbOrTx,
  userId: number,
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
  const rows = await db.insert(realNameSubmissions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into real_name_submissions returned no row');
  return row;
}

export async function updateReview(
  db: DbOrTx,
  id: number,
  values: { status: 'verified' | 'rejected'; reason: string | null; staffId: number; at: Date },
): Promise<void> {
  await db
    .update(realNameSubmissions)
    .set({
      status: values.status,
      reason: values.reason,
      reviewedByStaffId: values.staffId,
      reviewedAt: values.at,
    })
    .where(eq(realNameSubmissions.id, id));
}

/** A submission as the back office lists it: with its customer and its reviewer. */
export type StaffSubmissionRow = {
  submission: SubmissionRow;
  customer: {
    id: number;
    uid: string;
    email: string | null;
    mobile: string | null;
    globalCode: string | null;
  };
  reviewerName: string | null;
};

function staffSelection() {
  return {
    submission: realNameSubmissions,
    customer: {
      id: users.id,
      uid: users.uid,
      email: users.email,
      mobile: users.mobile,
      globalCode: areaCodes.globalCode,
    },
    reviewerName: staffAccounts.name,
  };
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
    userId?: number | undefined;
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
  const rows = await db
    .select(staffSelection())
    .from(realNameSubmissions)
    .innerJoin(users, eq(users.id, realNameSubmissions.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, realNameSubmissions.reviewedByStaffId))
    .where(where)
    .orderBy(
      ...(query.sort
        ? sortedBy(SUBMISSION_SORT_COLUMNS, realNameSubmissions.id, query.sort)
        : [query.oldestFirst ? asc(realNameSubmissions.id) : desc(realNameSubmissions.id)]),
    )
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(realNameSubmissions).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findSubmissionForStaff(
  db: DbOrTx,
  id: number,
): Promise<StaffSubmissionRow | undefined> {
  const rows = await db
    .select(staffSelection())
    .from(realNameSubmissions)
    .innerJoin(users, eq(users.id, realNameSubmissions.userId))
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, realNameSubmissions.reviewedByStaffId))
    .where(eq(realNameSubmissions.id, id));
  return rows[0];
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
