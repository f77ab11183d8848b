import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { executionRecords } from '../../db/schema';

/** Execution records as stored (issue 28): written once, read by order; never updated or deleted. */
export type ExecutionRow = typeof executionRecords.$inferSelect;
export type NewExecutionRow = typeof executionRecords.$inferInsert;

/** The rows in one statement. */
export async function insertExecutionRows(tx: Tx, rows: readonly NewExecutionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(executionRecords).values([...rows]);
}

/** An order's rows, oldest first (the index on order id and id). */
export function selectExecutionRows(db: DbOrTx, orderId: number): Promise<ExecutionRow[]> {
  return db
    .select()
    .from(executionRecords)
    .where(eq(executionRecords.orderId, orderId))
    .orderBy(asc(executionRecords.id));
}
