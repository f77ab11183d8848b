import type { UserId } from '@meridian/domain/ids';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { insertOne } from '../../db/rows';
import { drawCurrencies, drawMethods, users, withdrawals } from '../../db/schema';

export type DrawMethodRow = typeof drawMethods.$inferSelect;
export type DrawCurrencyRow = typeof drawCurrencies.$inferSelect;
export type MethodWithCurrency = { method: DrawMethodRow; currency: DrawCurrencyRow };

/** Holds the customer's row until the transaction ends: their wallet changes one at a time. */
export async function lockCustomer(tx: Tx, userId: UserId): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countLiveMethods(db: DbOrTx, userId: UserId): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(drawMethods)
    .where(and(eq(drawMethods.userId, userId), isNull(drawMethods.deletedAt)));
  return rows[0]?.total ?? 0;
}

export async function insertMethod(tx: Tx, values: typeof drawMethods.$inferInsert): Promise<DrawMethodRow> {
  return insertOne(tx, drawMethods, values);
}

export async function listLiveMethods(
  db: DbOrTx,
  query: { userId: UserId; type?: 'coin' | 'bank' | undefined; drawCurrencyId?: number | undefined },
): Promise<MethodWithCurrency[]> {
  return db
    .select({ method: drawMethods, currency: drawCurrencies })
    .from(drawMethods)
    .innerJoin(drawCurrencies, eq(drawCurrencies.id, drawMethods.drawCurrencyId))
    .where(
      and(
        eq(drawMethods.userId, query.userId),
        isNull(drawMethods.deletedAt),
        query.type ? eq(drawMethods.type, query.type) : undefined,
        query.drawCurrencyId ? eq(drawMethods.drawCurrencyId, query.drawCurrencyId) : undefined,
      ),
    )
    .orderBy(desc(drawMethods.id));
}

/**
 * A customer's own live method, its row locked until the transaction ends (a withdrawal and a
 * deletion of the same method wait for each other). Another customer's method is not found.
 */
export async function lockOwnMethod(
  tx: Tx,
  userId: UserId,
  id: number,
): Promise<MethodWithCurrency | undefined> {
  const rows = await tx
    .select({ method: drawMethods, currency: drawCurrencies })
    .from(drawMethods)
    .innerJoin(drawCurrencies, eq(drawCurrencies.id, drawMethods.drawCurrencyId))
    .where(and(eq(drawMethods.id, id), eq(drawMethods.userId, userId), isNull(drawMethods.deletedAt)))
    .for('update', { of: drawMethods });
  return rows[0];
}

export async function methodHasOpenWithdrawal(db: DbOrTx, methodId: number): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.drawMethodId, methodId), inArray(withdrawals.status, ['pending', 'approved'])))
    .limit(1);
  return rows.length > 0;
}

export async function deleteMethod(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(drawMethods).set({ deletedAt: at }).where(eq(drawMethods.id, id));
}
