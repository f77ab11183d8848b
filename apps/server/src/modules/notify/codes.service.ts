import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import type { MessageChannel } from '../../messages';
import * as repository from './codes.repository';
import { queueMessage } from './outbox.service';

/** Where a code goes: an e-mail address, or a mobile number with its calling code. */
export type CodeDestination = { channel: MessageChannel; to: string };

/** What checking a code found. Only `ok` consumes it; a wrong guess spends one of its tries. */
export type CodeCheck = 'ok' | 'invalid' | 'exhausted' | 'expired';

const CODE_REJECTIONS: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'error.code_invalid',
  exhausted: 'error.code_attempts',
  expired: 'error.code_expired',
};

export function codeRejectionKey(check: Exclude<CodeCheck, 'ok'>): string {
  return CODE_REJECTIONS[check];
}

/**
 * Codes are stored as a SHA-256 of purpose, destination and code, so a database dump or log does
 * not show live codes. The space is small (10^6); what protects a code is its 10-minute life and
 * its 5 tries, not the hash.
 */
function hashCode(purpose: number, destination: CodeDestination, code: string): string {
  return createHash('sha256')
    .update(`${purpose}:${destination.channel}:${destination.to}:${code}`)
    .digest('hex');
}

function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function newCode(): string {
  return randomInt(0, 10 ** LIMITS.verificationCodeDigits)
    .toString()
    .padStart(LIMITS.verificationCodeDigits, '0');
}

function key(destination: CodeDestination, purpose: number) {
  return { channel: destination.channel, destination: destination.to, purpose };
}

/**
 * Issues a new code for a destination and purpose, retiring any earlier one. Refused within
 * 60 seconds of the previous code (with the seconds left) and beyond the per-destination limit.
 * The code and its message in the outbox are written in one transaction, so a stored code is never
 * without its message. With `deliver` false the code is stored but never sent: a reset asked for
 * an unknown account then behaves, to the asker, exactly like one for a real account. `language` is
 * the recipient's: the request's for a sign-up, the customer's stored one otherwise.
 */
export async function issueCode(
  context: ServerContext,
  request: { destination: CodeDestination; purpose: number; deliver: boolean; language: Language },
): Promise<{ resendSeconds: number }> {
  const { destination, purpose } = request;
  const now = context.clock.now();
  const previous = await repository.findLatestCode(context.db, key(destination, purpose));
  if (previous) {
    const waitedMs = now.getTime() - previous.createdAt.getTime();
    const gapMs = LIMITS.verificationCodeResendSeconds * 1000;
    if (waitedMs < gapMs) {
      throw new Rejection('error.code_resend_wait', { seconds: Math.ceil((gapMs - waitedMs) / 1000) });
    }
  }
  await context.limits.codesPerDestination.hit(`${destination.channel}:${destination.to}`);

  const code = newCode();
  await context.db.transaction(async (tx) => {
    await repository.insertCode(tx, {
      ...key(destination, purpose),
      codeHash: hashCode(purpose, destination, code),
      expiresAt: new Date(now.getTime() + SERVER_LIMITS.verificationCodeTtlSeconds * 1000),
      createdAt: now,
    });
    if (request.deliver) {
      await queueMessage(tx, {
        channel: destination.channel,
        to: destination.to,
        language: request.language,
        kind: 'code',
        purpose,
        code,
        at: now,
      });
    }
  });
  if (request.deliver) context.events.emit('outbox.queued', {});
  return { resendSeconds: LIMITS.verificationCodeResendSeconds };
}

/** A code as given, to check against the newest one issued for its destination and purpose. */
export type CodeRequest = { destination: CodeDestination; purpose: number; code: string; now: Date };

/**
 * Checks a code inside the caller's transaction. A right code is consumed (and stays unconsumed if
 * the transaction rolls back); a wrong one spends a try, and the fifth wrong try kills the code.
 * The caller must commit a wrong try, so it returns the result instead of throwing.
 */
export async function consumeCode(tx: Tx, request: CodeRequest): Promise<CodeCheck> {
  return judgeCode(tx, request, { consumeRight: true });
}

/**
 * Checks a code without using it up: a wrong one spends a try (commit it, as for consumeCode), a
 * right one stays for the consumeCode that follows. For calls whose work costs much (a password
 * hash), so a wrong code is turned away before that work, not after it.
 */
export async function checkCode(tx: Tx, request: CodeRequest): Promise<CodeCheck> {
  return judgeCode(tx, request, { consumeRight: false });
}

async function judgeCode(
  tx: Tx,
  request: CodeRequest,
  options: { consumeRight: boolean },
): Promise<CodeCheck> {
  const row = await repository.lockLatestCode(tx, key(request.destination, request.purpose));
  if (
    !row ||
    row.consumedAt !== null ||
    row.expiresAt.getTime() <= request.now.getTime() ||
    row.attempts >= SERVER_LIMITS.verificationCodeAttemptsMax
  ) {
    return 'expired';
  }
  if (sameHash(row.codeHash, hashCode(request.purpose, request.destination, request.code.trim()))) {
    if (options.consumeRight) await repository.markConsumed(tx, row.id, request.now);
    return 'ok';
  }
  const attempts = row.attempts + 1;
  await repository.setAttempts(tx, row.id, attempts);
  return attempts >= SERVER_LIMITS.verificationCodeAttemptsMax ? 'exhausted' : 'invalid';
}
