import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

/**
 * Applies the SQL migrations that drizzle-kit generated, in file-name order, each once, each in
 * its own transaction. We run them ourselves rather than with drizzle's migrator so that the
 * same files apply inside any schema: drizzle-kit qualifies foreign keys with "public".
 */
export async function migrate(database: Database, migrationsDir: string): Promise<string[]> {
  await database.execute(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  const appliedRows = await database.db.execute<{ name: string }>('select name from schema_migrations');
  const applied = new Set(rowsOf<{ name: string }>(appliedRows).map((row) => row.name));
  const newlyApplied: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const text = await readFile(path.join(migrationsDir, file), 'utf8');
    const body = text.replaceAll('"public".', '').replaceAll('--> statement-breakpoint', '');
    const name = file.replaceAll("'", "''");
    await database.execute(
      `begin;\n${body}\ninsert into schema_migrations (name) values ('${name}');\ncommit;`,
    );
    newlyApplied.push(file);
  }
  return newlyApplied;
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too, but drizzle's types differ. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
