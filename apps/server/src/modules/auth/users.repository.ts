import type { UserId } from '@meridian/domain/ids';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne, insertOne } from '../../db/rows';
import { areaCodes, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A user with what the User answer adds: the calling code and the number of invited users. */
type UserProfileRow = UserRow & { areaGlobalCode: string | null; invitedCount: number };

export async function findUserById(db: DbOrTx, id: UserId): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.id, id));
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.email, email));
}

export async function findUserByMobile(
  db: DbOrTx,
  areaId: number,
  mobile: string,
): Promise<UserRow | undefined> {
  return findOne(db, users, and(eq(users.areaId, areaId), eq(users.mobile, mobile)));
}

export async function findUserByDemoDevice(db: DbOrTx, deviceId: string): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.demoDeviceId, deviceId));
}

/** The demo user a real customer switches to (users.demo_of_user_id), if it was made. */
export async function findLinkedDemo(db: DbOrTx, realUserId: UserId): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.demoOfUserId, realUserId));
}

export async function findUserByInviteCode(db: DbOrTx, inviteCode: string): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.inviteCode, inviteCode));
}

export async function findUserProfile(db: DbOrTx, id: UserId): Promise<UserProfileRow | undefined> {
  const invited = db
    .select({ count: sql<number>`count(*)::int`.as('count') })
    .from(users)
    .where(eq(users.referrerId, id))
    .as('invited');
  const rows = await db
    .select({ user: users, areaGlobalCode: areaCodes.globalCode, invitedCount: invited.count })
    .from(users)
    .leftJoin(areaCodes, eq(areaCodes.id, users.areaId))
    .crossJoin(invited)
    .where(eq(users.id, id));
  const row = rows[0];
  if (!row) return undefined;
  return { ...row.user, areaGlobalCode: row.areaGlobalCode, invitedCount: Number(row.invitedCount) };
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  return insertOne(db, users, values);
}

export async function updatePasswordHash(db: DbOrTx, userId: UserId, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
