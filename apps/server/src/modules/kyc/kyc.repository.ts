import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { realNameSubmissions } from '../../db/schema';

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
