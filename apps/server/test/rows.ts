import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { rowsOf } from '../src/db/migrate';
import type { TestApp } from './app';

const TABLES = [
  'uploads',
  'real_name_submissions',
  'support_conversations',
  'support_messages',
  'staff_accounts',
  'staff_sessions',
  'staff_recovery_codes',
  'audit_log',
  'news',
] as const;
export type PersonalTable = (typeof TABLES)[number];

/** Rows in one of the personal-center tables (names from a fixed list, never from input). */
export async function countTable(t: TestApp, table: PersonalTable): Promise<number> {
  if (!TABLES.includes(table)) throw new Error(`unknown table ${table}`);
  const result = await t.database.db.execute(`select count(*)::int as count from ${table}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** Files stored under DATA_DIR/uploads (temporary files included), to prove a refusal stored none. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'uploads'));
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}
