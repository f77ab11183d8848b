import { getTableName, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

// The row shapes almost every repository writes: insert one row and answer it as stored, and read
// (or lock) the one row a filter picks. Queries that join, count or choose columns stay drizzle's own.

/** Inserts one row and answers it as stored (defaults and ids filled in). */
export async function insertOne<Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  values: Table['$inferInsert'],
): Promise<Table['$inferSelect']> {
  // drizzle cannot type an insert into a table known only by its shape; the row is the table's own.
  const rows: unknown[] = await db
    .insert(table as PgTable)
    .values(values)
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`insert into ${getTableName(table)} returned no row`);
  return row as Table['$inferSelect'];
}

/**
 * The first row of a table that `where` picks (a filter on a unique key picks at most one); with
 * `lock`, its row is held until the transaction ends (one change of it at a time).
 */
export async function findOne<Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  where: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<Table['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where);
  const rows: unknown[] = options.lock ? await query.for('update') : await query;
  return rows[0] as Table['$inferSelect'] | undefined;
}
