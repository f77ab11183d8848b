import type { UserId } from '@meridian/domain/ids';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { insertOne } from '../../db/rows';
import { sessions, users } from '../../db/schema';
import { prefixedColumns, recordsOf, runStatement, statement } from '../../db/statements';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionWithUser = { session: SessionRow; user: typeof users.$inferSelect };

export async function insertSession(
  db: DbOrTx,
  values: {
    userId: UserId;
    tokenHash: string;
    at: Date;
    expiresAt: Date;
    userAgent: string | null;
    address: string | null;
  },
): Promise<SessionRow> {
  return insertOne(db, sessions, {
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.at,
    lastSeenAt: values.at,
    expiresAt: values.expiresAt,
    userAgent: values.userAgent,
    address: values.address,
  });
}

/** Built once: every signed-in request that this node does not remember runs it. */
const FIND_SESSION_BY_TOKEN_HASH = statement(
  'meridian_find_session_by_token_hash',
  sql`select ${prefixedColumns(sessions, 's_')}, ${prefixedColumns(users, 'u_')}
    from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')}`,
);

export async function findSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const rows = await runStatement(db, FIND_SESSION_BY_TOKEN_HASH, { tokenHash });
  const [session] = recordsOf(sessions, rows, 's_');
  const [user] = recordsOf(users, rows, 'u_');
  return session && user ? { session, user } : undefined;
}

export async function touchSession(db: DbOrTx, sessionId: number, at: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, or every one but `keepSessionId`. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: UserId,
  at: Date,
  keepSessionId?: number,
): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  const where = keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: at }).where(where);
}
