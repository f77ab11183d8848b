import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { realNameSubmissions } from '../../db/schema';

/** How many identity submissions wait for a reviewer (the back office's dashboard). */
export async function pendingSubmissionCount(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ count: count() })
    .from(realNameSubmissions)
    .where(eq(realNameSubmissions.status, 'pending'));
  return Number(rows[0]?.count ?? 0);
}
