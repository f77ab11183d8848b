import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne } from '../../db/rows';
import { areaCodes, settings } from '../../db/schema';

export async function readAllSettings(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select().from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function insertMissingSettings(db: DbOrTx, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length > 0) await db.insert(settings).values(rows).onConflictDoNothing();
}

export async function upsertSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Every stored setting with when it last changed (the back office's list). */
export async function readSettingRows(db: DbOrTx): Promise<Map<string, { value: string; updatedAt: Date }>> {
  const rows = await db.select().from(settings);
  return new Map(rows.map((row) => [row.key, { value: row.value, updatedAt: row.updatedAt }]));
}

/** A setting's row, locked until the transaction ends (one edit of it at a time). */
export async function lockSetting(tx: DbOrTx, key: string): Promise<{ value: string } | undefined> {
  return findOne(tx, settings, eq(settings.key, key), { lock: true });
}

export async function writeSetting(tx: DbOrTx, key: string, value: string, at: Date): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
}

export async function listAreaCodes(db: DbOrTx) {
  return db.select().from(areaCodes).orderBy(asc(areaCodes.sort));
}

export async function insertMissingAreaCodes(
  db: DbOrTx,
  rows: { id: number; code: string; globalCode: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(areaCodes).values(rows).onConflictDoNothing();
}
