import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { staffAccounts, staffSessions } from '../../db/schema';

type SessionWithStaff = {
  session: typeof staffSessions.$inferSelect;
  staff: typeof staffAccounts.$inferSelect;
};

/** Staff sessions by id with their staff member (the staff socket's periodic check). */
export async function findStaffSessionsByIds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<SessionWithStaff[]> {
  if (ids.length === 0) return [];
  return db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(inArray(staffSessions.id, [...ids]));
}
