import { and, count, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';

/** Customers registered in the window [from, to): real sign-ups and demo (guest) users apart. */
export async function newCustomerCounts(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ real: number; demo: number }> {
  const rows = await db
    .select({ isDemo: users.isDemo, count: count() })
    .from(users)
    .where(and(gte(users.createdAt, from), lt(users.createdAt, to)))
    .groupBy(users.isDemo);
  return {
    real: Number(rows.find((row) => !row.isDemo)?.count ?? 0),
    demo: Number(rows.find((row) => row.isDemo)?.count ?? 0),
  };
}
