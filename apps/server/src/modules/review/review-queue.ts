import type { RuleResult } from '@meridian/domain/rule-result';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { type CustomerNotice, queueCustomerNotice } from '../notify/notify.public';
import { type AuditEntry, type AuthenticatedStaff, actorOf, recordAudit } from '../staff/staff.public';

/**
 * One staff decision on one record waiting in a review queue (a deposit, a withdrawal, an identity
 * submission). The steps every kind shares run here, in this order, so no kind can skip one: the
 * record is claimed under its row lock, the kind decides (its state machine's transition, the row
 * moved from the state read under the lock, its ledger effect), the action is audited and the
 * customer's notice queued in the outbox, all in one transaction; the pushes go out only after it
 * has committed, so a customer never hears of a decision that was rolled back.
 */
type QueuedReview<Claimed, Decided> = {
  /** Locks the record until the transaction ends; a second reviewer waits, then finds it moved. */
  claim: (tx: Tx) => Promise<Claimed>;
  /** The kind's own part: refuses an illegal move (nothing written), else writes it with its money. */
  decide: (tx: Tx, claimed: Claimed, now: Date) => Promise<Decided>;
  audit: (claimed: Claimed, decided: Decided) => Omit<AuditEntry, 'at'>;
  /** The customer's notice, or undefined when the decision is not one they hear of (a first of two approvals). */
  notice: (decided: Decided, now: Date) => CustomerNotice | undefined;
  /** After the commit: the kind's pushes and events. */
  announce?: ((decided: Decided) => Promise<void>) | undefined;
};

export async function reviewQueued<Claimed, Decided>(
  context: ServerContext,
  staff: AuthenticatedStaff,
  review: QueuedReview<Claimed, Decided>,
): Promise<Decided> {
  const now = context.clock.now();
  const done = await context.db.transaction(async (tx) => {
    const claimed = await review.claim(tx);
    const decided = await review.decide(tx, claimed, now);
    await recordAudit(tx, actorOf(staff), { ...review.audit(claimed, decided), at: now });
    const notice = review.notice(decided, now);
    if (notice) await queueCustomerNotice(tx, notice);
    return { decided, noticeQueued: notice !== undefined };
  });
  // The outbox's sender wakes now rather than at its next poll; the notice itself was already safe.
  if (done.noticeQueued) context.events.emit('outbox.queued', {});
  await review.announce?.(done.decided);
  return done.decided;
}

/** A claimed record, or the reviewer's refusal when there is none by that id. */
export function foundOr<Row>(row: Row | undefined, unknownKey: string): Row {
  if (row === undefined) throw new Rejection(unknownKey);
  return row;
}

/** The state a kind's state machine moves to, or the refusal's message to the reviewer. */
export function nextStateOf<State, Refusal extends string>(
  result: RuleResult<State, Refusal>,
  refusalKeys: Readonly<Record<Refusal, string>>,
): State {
  if (!result.ok) throw new Rejection(refusalKeys[result.reason], result.params);
  return result.value;
}

/**
 * The row a guarded update moved. Under the row lock it cannot have changed since the claim, so a
 * miss is a broken invariant (a programmer error), not a reviewer's refusal.
 */
export function movedOrFail<Row>(row: Row | undefined, record: string): Row {
  if (row === undefined) throw new Error(`${record} changed under its row lock`);
  return row;
}
