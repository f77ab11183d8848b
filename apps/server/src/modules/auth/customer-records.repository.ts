import type { CustomerSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import { and, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { areaCodes, realNameSubmissions, sessions, traders, users } from '../../db/schema';

// The back office's reads and writes of customers (users) and their sessions: the customers area
// reaches them through the auth front door only.

export type CustomerRecordRow = {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  globalCode: string | null;
  isDemo: boolean;
  language: string;
  createdAt: Date;
  loginDisabledAt: Date | null;
};

const recordColumns = {
  id: users.id,
  uid: users.uid,
  email: users.email,
  mobile: users.mobile,
  globalCode: areaCodes.globalCode,
  isDemo: users.isDemo,
  language: users.language,
  createdAt: users.createdAt,
  loginDisabledAt: users.loginDisabledAt,
};

/**
 * What a search matches, each part inside the stored value (a partial search): `text` (lower-case,
 * LIKE-escaped) in the e-mail, the uid, a real name the customer submitted or their trader name;
 * `mobileDigits` in the mobile number, alone or after its calling code, and in the uid. Null for both: every
 * customer (the browsable list).
 */
export type CustomerMatch = { text: string | null; mobileDigits: string | null };

/** `%value%` for LIKE, with LIKE's own characters (\, %, _) taken literally. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function matchOf(match: CustomerMatch): SQL | undefined {
  if (match.text === null && match.mobileDigits === null) return undefined;
  const conditions: SQL[] = [];
  if (match.text !== null) {
    const pattern = containing(match.text);
    conditions.push(
      sql`${users.email} like ${pattern}`,
      sql`${users.uid} like ${pattern}`,
      // Every submission counts: a customer rejected under one spelling is still found by it.
      sql`exists (select 1 from ${realNameSubmissions} where ${realNameSubmissions.userId} = ${users.id}
        and lower(${realNameSubmissions.name}) like ${pattern})`,
      sql`exists (select 1 from ${traders} where ${traders.userId} = ${users.id}
        and lower(${traders.displayName}) like ${pattern})`,
    );
  }
  if (match.mobileDigits !== null) {
    const pattern = containing(match.mobileDigits);
    conditions.push(
      sql`${users.uid} like ${pattern}`,
      sql`${users.mobile} like ${pattern}`,
      // Typed with the calling code (852 9123...).
      sql`replace(${areaCodes.globalCode}, '+', '') || ${users.mobile} like ${pattern}`,
    );
    // Typed with the national trunk prefix (0912...).
    const withoutTrunk = match.mobileDigits.replace(/^0+/, '');
    if (withoutTrunk !== match.mobileDigits && withoutTrunk !== '') {
      conditions.push(sql`${users.mobile} like ${`${withoutTrunk}%`}`);
    }
  }
  return or(...conditions);
}

/** What each sortable column of the customers list sorts by (the only columns a client can choose). */
const CUSTOMER_SORT_COLUMNS = {
  id: users.id,
  uid: users.uid,
  email: users.email,
  mobile: users.mobile,
  is_demo: users.isDemo,
  created_at: users.createdAt,
  login_disabled_at: users.loginDisabledAt,
} as const;

export async function searchCustomers(
  db: DbOrTx,
  match: CustomerMatch,
  page: { offset: number; limit: number; sort?: { key: CustomerSortKey; order: SortOrder } | undefined },
): Promise<{ rows: CustomerRecordRow[]; total: number }> {
  const where = matchOf(match);
  const [rows, totals] = await Promise.all([
    db
      .select(recordColumns)
      .from(users)
      .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
      .where(where)
      .orderBy(...(page.sort ? sortedBy(CUSTOMER_SORT_COLUMNS, users.id, page.sort) : [desc(users.id)]))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findCustomerRecord(db: DbOrTx, id: UserId): Promise<CustomerRecordRow | undefined> {
  const rows = await db
    .select(recordColumns)
    .from(users)
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .where(eq(users.id, id));
  return rows[0];
}

/** The customer's row, held until the transaction ends (two staff acting at once queue up). */
export async function lockCustomer(
  tx: Tx,
  id: UserId,
): Promise<{ id: UserId; loginDisabledAt: Date | null } | undefined> {
  const rows = await tx
    .select({ id: users.id, loginDisabledAt: users.loginDisabledAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return rows[0];
}

export async function setLoginDisabledAt(tx: Tx, id: UserId, at: Date | null): Promise<void> {
  await tx.update(users).set({ loginDisabledAt: at }).where(eq(users.id, id));
}

export type LiveSessionRow = {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  address: string | null;
  userAgent: string | null;
};

/** The sessions that still work at `now`, last used first. */
export async function liveSessions(db: DbOrTx, userId: UserId, now: Date): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      address: sessions.address,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}
