import type { RealNameCenter, RealNameRequest } from '@meridian/contract/kyc';
import { LIMITS } from '@meridian/contract/limits';
import type { UserId } from '@meridian/domain/ids';
import {
  maskCardId,
  type RealNameRefusal,
  type RealNameState,
  reviewStatusOf,
  transitionRealName,
} from '@meridian/domain/real-name';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/auth.public';
import type { CustomerNotice } from '../notify/notify.public';
import { movedOrFail, reviewQueued } from '../review/review.public';
import { type AuthenticatedStaff, requirePermission } from '../staff/staff.public';
import { claimOwnUpload, ownerImageUrl } from '../uploads/uploads.public';
import * as repository from './kyc.repository';

const REFUSAL_KEYS: Record<RealNameRefusal, string> = {
  already_pending: 'error.real_name_pending',
  already_verified: 'error.real_name_verified',
  not_pending: 'error.real_name_not_pending',
};

function stateOf(row: repository.SubmissionRow | undefined): RealNameState {
  return (row?.status as RealNameState | undefined) ?? 'none';
}

/** Real-name verification is for real accounts only (spec section 6). */
function requireRealAccount(user: AuthenticatedUser): void {
  if (user.isDemo) throw new Rejection('error.real_account_only');
}

async function centerOf(
  context: ServerContext,
  row: repository.SubmissionRow | undefined,
): Promise<RealNameCenter> {
  const state = stateOf(row);
  return {
    review_status: reviewStatusOf(state),
    state,
    name: row?.name ?? '',
    card_id: row ? maskCardId(row.cardId) : '',
    front_pic: row ? await ownerImageUrl(context, row.frontUploadId) : '',
    reverse_pic: row ? await ownerImageUrl(context, row.reverseUploadId) : '',
    reason: state === 'rejected' ? (row?.reason ?? '') : '',
    submitted_at: row?.createdAt.toISOString() ?? '',
    reviewed_at: row?.reviewedAt?.toISOString() ?? '',
  };
}

export async function getCenter(context: ServerContext, user: AuthenticatedUser): Promise<RealNameCenter> {
  requireRealAccount(user);
  return centerOf(context, await repository.latestSubmission(context.db, user.id));
}

/**
 * Sends the user's name, ID number and two photos (their own `kyc` uploads, or `unassigned` ones it
 * claims) for review. Allowed with nothing sent or after a rejection; refused while one waits or
 * once verified.
 */
export async function submit(
  context: ServerContext,
  user: AuthenticatedUser,
  input: RealNameRequest,
): Promise<RealNameCenter> {
  requireRealAccount(user);
  const now = context.clock.now();
  try {
    const row = await context.db.transaction(async (tx) => {
      const front = await claimOwnUpload(tx, user.id, input.front_pic, 'kyc');
      const reverse = await claimOwnUpload(tx, user.id, input.reverse_pic, 'kyc');
      if (front.id === reverse.id) throw new Rejection('error.real_name_same_photo');
      const latest = await repository.latestSubmission(tx, user.id, { lock: true });
      const next = transitionRealName(stateOf(latest), 'submit');
      if (!next.ok) throw new Rejection(REFUSAL_KEYS[next.refusal]);
      return repository.insertSubmission(tx, {
        userId: user.id,
        name: input.name,
        cardId: input.card_id,
        frontUploadId: front.id,
        reverseUploadId: reverse.id,
        status: next.state,
        createdAt: now,
      });
    });
    return centerOf(context, row);
  } catch (error) {
    // Two submissions racing: the database's one-live-submission index refuses the second.
    if (isUniqueViolation(error, 'real_name_submissions_live_unique')) {
      throw new Rejection('error.real_name_pending');
    }
    throw error;
  }
}

type ReviewDecision = {
  userId: UserId;
  decision: 'approve' | 'reject';
  reason?: string | undefined;
  /** The submission the reviewer looked at: refused unless it is still the user's latest, waiting one. */
  submissionId?: number;
};

/**
 * The back office's review of a user's waiting submission: approve (verified, final) or reject
 * with a reason the user sees. Audited, and the customer's notice queued in the outbox, in the same
 * transaction.
 */
export async function review(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: ReviewDecision,
): Promise<RealNameCenter> {
  await requirePermission(context, staff, 'kyc.review');
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'reject' && reason === '') throw new Rejection('error.review_reason_required');
  if (reason.length > LIMITS.reviewReasonLengthMax) throw new Rejection('error.review_reason_required');
  const row = await reviewQueued(context, staff, {
    claim: (tx) => repository.latestSubmission(tx, input.userId, { lock: true }),
    decide: async (tx, latest, now) => {
      const next = transitionRealName(stateOf(latest), input.decision);
      if (!next.ok || !latest) throw new Rejection(REFUSAL_KEYS[next.ok ? 'not_pending' : next.refusal]);
      if (input.submissionId !== undefined && latest.id !== input.submissionId)
        throw new Rejection(REFUSAL_KEYS.not_pending);
      const status = next.state === 'verified' ? 'verified' : 'rejected';
      const storedReason = status === 'rejected' ? reason : null;
      return movedOrFail(
        await repository.updateReview(tx, latest.id, {
          status,
          reason: storedReason,
          staffId: staff.id,
          at: now,
        }),
        `submission ${latest.id}`,
      );
    },
    audit: (_latest, reviewed) => ({
      action: `kyc.${input.decision}`,
      target: `user:${input.userId}`,
      details: { submissionId: reviewed.id, reason: reviewed.reason },
    }),
    notice: (reviewed, now) => outcomeNotice(input.userId, reviewed.reason, now),
  });
  return centerOf(context, row);
}

/**
 * Tells the customer the outcome, in their language, to their e-mail (or by SMS to a customer
 * registered by mobile only): `kyc.verified`, or `kyc.rejected` with the reason (null: verified).
 */
function outcomeNotice(userId: UserId, rejectedFor: string | null, at: Date): CustomerNotice {
  return rejectedFor === null
    ? { userId, type: 'kyc.verified', key: 'notice.identity_verified', params: {}, at }
    : { userId, type: 'kyc.rejected', key: 'notice.identity_rejected', params: { reason: rejectedFor }, at };
}

/** Whether a user's identity is verified (withdrawals need it; ARCHITECTURE.md "Funds rules"). */
export async function isVerified(db: DbOrTx, userId: UserId): Promise<boolean> {
  return stateOf(await repository.latestSubmission(db, userId)) === 'verified';
}
