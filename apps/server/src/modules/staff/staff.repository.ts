import type { AuditSortKey, SortOrder } from '@meridian/contract/list-sort';
import { and, count, desc, eq, gt, gte, inArray, isNull, like, lt, max, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { findOne, insertOne } from '../../db/rows';
import { auditLog, staffAccounts, staffRecoveryCodes, staffSessions } from '../../db/schema';

export type StaffRow = typeof staffAccounts.$inferSelect;
type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
  return findOne(db, staffAccounts, eq(staffAccounts.email, email));
}

export async function insertStaff(db: DbOrTx, values: typeof staffAccounts.$inferInsert): Promise<StaffRow> {
  return insertOne(db, staffAccounts, values);
}

export async function setStaffActive(db: DbOrTx, staffId: number, active: boolean): Promise<void> {
  await db.update(staffAccounts).set({ active }).where(eq(staffAccounts.id, staffId));
}

export async function insertStaffSession(
  db: DbOrTx,
  values: typeof staffSessions.$inferInsert,
): Promise<StaffSessionRow> {
  return insertOne(db, staffSessions, values);
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

/** Notes a session's use (its idle timeout counts from here); its absolute expiry does not move. */
export async function touchStaffSession(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

/** The staff member whose unexpired enrolment link carries this token hash. */
export async function findStaffByEnrolmentTokenHash(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<StaffRow | undefined> {
  const unexpired = gt(staffAccounts.enrolmentExpiresAt, now);
  return findOne(db, staffAccounts, and(eq(staffAccounts.enrolmentTokenHash, tokenHash), unexpired));
}

/** Opens an enrolment: a new secret, not yet confirmed, behind a one-time link. */
export async function openEnrolment(
  db: DbOrTx,
  staffId: number,
  values: { totpSecret: string; enrolmentTokenHash: string; enrolmentExpiresAt: Date },
): Promise<void> {
  await db
    .update(staffAccounts)
    .set({ ...values, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staffAccounts.id, staffId));
}

/** Confirms an enrolment and spends its link; false when the link was spent meanwhile. */
export async function confirmEnrolment(
  db: DbOrTx,
  staffId: number,
  tokenHash: string,
  values: { totpEnabledAt: Date; totpLastStep: number },
): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ ...values, enrolmentTokenHash: null, enrolmentExpiresAt: null })
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.enrolmentTokenHash, tokenHash)))
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

/** Records an accepted TOTP step, only if it is later than the last one: false means a replay. */
export async function advanceTotpStep(db: DbOrTx, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, staffId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

/** Spends every unused recovery code of a staff member (a new enrolment replaces them). */
export async function spendAllRecoveryCodes(db: DbOrTx, staffId: number, at: Date): Promise<void> {
  await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
}

export async function insertRecoveryCodes(
  db: DbOrTx,
  staffId: number,
  codeHashes: readonly string[],
  at: Date,
): Promise<void> {
  await db
    .insert(staffRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ staffId, codeHash, createdAt: at })));
}

/** Spends one unused recovery code; false when it is unknown, another's, or already used. */
export async function spendRecoveryCode(
  db: DbOrTx,
  staffId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
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

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  return findOne(db, staffAccounts, eq(staffAccounts.id, id));
}

/** Every staff account with its last sign-in (the newest session's start), active ones first. */
export async function listStaff(db: DbOrTx): Promise<(StaffRow & { lastSignInAt: Date | null })[]> {
  const lastSignIn = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('last_sign_in_at') })
    .from(staffSessions)
    .groupBy(staffSessions.staffId)
    .as('last_sign_in');
  const rows = await db
    .select({ staff: staffAccounts, lastSignInAt: lastSignIn.at })
    .from(staffAccounts)
    .leftJoin(lastSignIn, eq(lastSignIn.staffId, staffAccounts.id))
    .orderBy(desc(staffAccounts.active), staffAccounts.id);
  return rows.map((row) => ({
    ...row.staff,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt) : null,
  }));
}

/**
 * The active admins' ids, their rows locked until the transaction ends: two admins demoting or
 * disabling each other at once are taken one after the other, so one admin always remains.
 */
export async function lockActiveAdmins(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'admin'), eq(staffAccounts.active, true)))
    .orderBy(staffAccounts.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function setStaffRole(db: DbOrTx, staffId: number, role: string): Promise<void> {
  await db.update(staffAccounts).set({ role }).where(eq(staffAccounts.id, staffId));
}

/** Ends every open session of a staff member (disabled, or a new enrolment). */
export async function revokeAllStaffSessions(db: DbOrTx, staffId: number, at: Date): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

/** Sets the password of an account that has none yet (made in the back office); false if it has one. */
export async function setFirstPassword(db: DbOrTx, staffId: number, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ passwordHash })
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.passwordHash, '')))
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

type AuditFilter = {
  staffId?: number;
  /** Actions that start with this text. */
  actionPrefix?: string;
  target?: string;
  /** Any of these actions (one kind of them). */
  actions?: readonly string[];
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

type AuditRow = typeof auditLog.$inferSelect & { staffName: string | null; staffEmail: string | null };

/** What each sortable column of the audit log sorts by (the only columns a client can choose). */
const AUDIT_SORT_COLUMNS = {
  id: auditLog.id,
  at: auditLog.createdAt,
  staff: staffAccounts.name,
  action: auditLog.action,
  target: auditLog.target,
  address: auditLog.address,
} as const;

/** A page of the audit log, newest first (or as sorted), and how many entries match. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { offset: number; limit: number; sort?: { key: AuditSortKey; order: SortOrder } | undefined },
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.actionPrefix) {
    // The prefix holds only [a-z_.] (the contract): escape the LIKE wildcard `_`.
    conditions.push(like(auditLog.action, `${filter.actionPrefix.replaceAll('_', '\\_')}%`));
  }
  if (filter.target !== undefined) conditions.push(eq(auditLog.target, filter.target));
  if (filter.actions !== undefined) conditions.push(inArray(auditLog.action, filter.actions));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, staffName: staffAccounts.name, staffEmail: staffAccounts.email })
      .from(auditLog)
      .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
      .where(where)
      .orderBy(...(page.sort ? sortedBy(AUDIT_SORT_COLUMNS, auditLog.id, page.sort) : [desc(auditLog.id)]))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.entry, staffName: row.staffName, staffEmail: row.staffEmail })),
    total: Number(totals[0]?.count ?? 0),
  };
}

/** The account, locked for the transaction (a proposal's approval reads and changes it). */
export async function lockStaffById(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  return findOne(db, staffAccounts, eq(staffAccounts.id, id), { lock: true });
}
