import type { UploadPurpose } from '@meridian/contract/upload';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne, insertOne } from '../../db/rows';
import { serverSecrets, uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  return insertOne(db, uploads, values);
}

export async function findUploadByName(db: DbOrTx, name: string): Promise<UploadRow | undefined> {
  return findOne(db, uploads, eq(uploads.name, name));
}

export async function findUploadById(db: DbOrTx, id: number): Promise<UploadRow | undefined> {
  return findOne(db, uploads, eq(uploads.id, id));
}

/**
 * Gives an `unassigned` upload its purpose, only if it is still unassigned (the claim of its first
 * use). Undefined when it is not: another call claimed it first.
 */
export async function claimUnassignedUpload(
  db: DbOrTx,
  id: number,
  purpose: UploadPurpose,
): Promise<UploadRow | undefined> {
  const rows = await db
    .update(uploads)
    .set({ purpose })
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'unassigned')))
    .returning();
  return rows[0];
}

/** Stores a secret if none of that name exists yet, and answers the one stored (first writer wins). */
export async function ensureSecret(db: DbOrTx, name: string, value: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  const row = rows[0];
  if (!row) throw new Error(`server secret ${name} missing after insert`);
  return row.value;
}
