import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { verificationCodes } from '../../db/schema';

type VerificationCodeRow = typeof verificationCodes.$inferSelect;

type Destination = { channel: string; destination: string; purpose: number };

function matches(where: Destination) {
  return and(
    eq(verificationCodes.channel, where.channel),
    eq(verificationCodes.destination, where.destination),
    eq(verificationCodes.purpose, where.purpose),
  );
}

/** The newest code for a destination and purpose: only that one can be used. */
export async function findLatestCode(
  db: DbOrTx,
  where: Destination,
): Promise<VerificationCodeRow | undefined> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(matches(where))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** The same, with its row locked until the transaction ends, so two guesses never race. */
export async function lockLatestCode(tx: Tx, where: Destination): Promise<VerificationCodeRow | undefined> {
  const rows = await tx
    .select()
    .from(verificationCodes)
    .where(matches(where))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function insertCode(
  db: DbOrTx,
  values: Destination & { codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

export async function markConsumed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(verificationCodes).set({ consumedAt: at }).where(eq(verificationCodes.id, id));
}

export async function setAttempts(tx: Tx, id: number, attempts: number): Promise<void> {
  await tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, id));
}
