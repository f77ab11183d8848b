import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { captchas } from '../../db/schema';

export async function insertCaptcha(
  db: DbOrTx,
  values: { key: string; answerHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(captchas).values(values);
}

/**
 * Marks a live captcha used and answers its stored hash, in one statement: of two requests with
 * the same key only one gets the hash, so a captcha is never checked twice.
 */
export async function consumeCaptcha(db: DbOrTx, key: string, now: Date): Promise<string | undefined> {
  const rows = await db
    .update(captchas)
    .set({ consumedAt: now })
    .where(and(eq(captchas.key, key), isNull(captchas.consumedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash;
}

/** Used and expired captchas are worth nothing; dropping them keeps the table small. */
export async function deleteFinishedCaptchas(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(captchas).where(or(isNotNull(captchas.consumedAt), lte(captchas.expiresAt, now)));
}
