import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
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

export async function listAreaCodes(db: DbOrTx) {
  return db.select().from(areaCodes).orderBy(asc(areaCodes.sort));
}

export async function insertMissingAreaCodes(
  db: DbOrTx,
  rows: { id: number; code: string; globalCode: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(areaCodes).values(rows).onConflictDoNothing();
}
