import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { auditLog, staffAccounts, staffSessions } from '../../db/schema';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  return rows[0];
}

export async function insertStaff(db: DbOrTx, values: typeof staffAccounts.$inferInsert): Promise<StaffRow> {
  const rows = await db.insert(staffAccounts).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into staff_accounts returned no row');
  return row;
}

export async function setStaffActive(db: DbOrTx, staffId: number, active: boolean): Promise<void> {
  await db.update(staffAccounts).set({ active }).where(eq(staffAccounts.id, staffId));
}

export async function insertStaffSession(
  db: DbOrTx,
  values: typeof staffSessions.$inferInsert,
): Promise<StaffSessionRow> {
  const rows = await db.insert(staffSessions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into staff_sessions returned no row');
  return row;
}

export async function findStaffSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> {
  const rows = await db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return rows[0];
}

export async function touchStaffSession(db: DbOrTx, id: number, at: Date, expiresAt: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at, expiresAt }).where(eq(staffSessions.id, id));
}

export async function revokeStaffSession(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
}

export async function insertAuditEntry(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}
