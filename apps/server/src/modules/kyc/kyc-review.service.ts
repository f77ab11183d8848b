import type {
  ReviewSubmissionRequest,
  StaffSubmission,
  SubmissionListQuery,
} from '@meridian/contract/kyc-staff';
import { identityShownTo } from '@meridian/domain/identity-masking';
import { asUserId } from '@meridian/domain/ids';
import { type RealNameState, reviewStatusOf } from '@meridian/domain/real-name';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import {
  type AuthenticatedStaff,
  actorOf,
  readAuditedList,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import { imageUrl } from '../uploads/uploads.public';
import * as repository from './kyc.repository';
import { review } from './kyc.service';

// The back office's identity review (role compliance): the queue, the photos, the decision.

function staffSubmissionView(staff: AuthenticatedStaff, row: repository.StaffSubmissionRow): StaffSubmission {
  const { submission, customer } = row;
  const state = submission.status as RealNameState;
  // The reviewer compares the full number with the photos; the customer sees it masked, and so would
  // a role without identity.read (the route admits only reviewers: this is the second line).
  const shown = identityShownTo(staff.role, { name: submission.name, cardId: submission.cardId });
  return {
    id: submission.id,
    user: {
      id: customer.id,
      uid: customer.uid,
      email: customer.email ?? '',
      mobile: customer.mobile ? `${customer.globalCode ?? ''}${customer.mobile}` : '',
    },
    name: shown.name,
    card_id: shown.cardId,
    state,
    review_status: reviewStatusOf(state),
    reason: submission.reason ?? '',
    submitted_at: submission.createdAt.toISOString(),
    reviewed_at: submission.reviewedAt?.toISOString() ?? '',
    reviewed_by:
      submission.reviewedByStaffId === null
        ? null
        : { id: submission.reviewedByStaffId, name: row.reviewerName ?? '' },
  };
}

const STATES: Record<
  NonNullable<SubmissionListQuery['state']>,
  readonly ('pending' | 'verified' | 'rejected')[] | undefined
> = {
  pending: ['pending'],
  verified: ['verified'],
  rejected: ['rejected'],
  all: undefined,
};

/** The submissions (waiting ones by default, oldest first); audited, since it shows identities. */
export async function listSubmissions(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: SubmissionListQuery,
) {
  const state = query.state ?? 'pending';
  const { rows, total, page, limit } = await readAuditedList(context, staff, query, {
    permission: 'kyc.review',
    read: (window) =>
      repository.listSubmissionsForStaff(context.db, {
        statuses: STATES[state],
        userId: query.user_id === undefined ? undefined : asUserId(query.user_id),
        oldestFirst: state === 'pending',
        ...window,
      }),
    audit: () => ({
      action: 'kyc.submissions_read',
      list: 'identity_reviews',
      target: query.user_id === undefined ? null : `user:${query.user_id}`,
      details: { state, page: query.page },
    }),
  });
  return { list: rows.map((row) => staffSubmissionView(staff, row)), total, page, limit };
}

/** A submission's two photos at addresses signed for this staff member only; audited. */
export async function submissionPhotos(context: ServerContext, staff: AuthenticatedStaff, id: number) {
  await requirePermission(context, staff, 'kyc.review');
  const row = await repository.findSubmissionForStaff(context.db, id);
  if (!row) throw new Rejection('error.submission_unknown');
  const { submission } = row;
  const names = await repository.uploadNames(context.db, [
    submission.frontUploadId,
    submission.reverseUploadId,
  ]);
  const viewer = { kind: 'staff' as const, staffId: staff.id };
  const sign = (uploadId: number) => {
    const name = names.get(uploadId);
    if (!name) throw new Error(`upload ${uploadId} of submission ${id} not found`);
    return imageUrl(context, { name, ownerUserId: submission.userId }, viewer);
  };
  const front = await sign(submission.frontUploadId);
  const reverse = await sign(submission.reverseUploadId);
  await recordAudit(context.db, actorOf(staff), {
    action: 'kyc.photos_opened',
    target: `user:${submission.userId}`,
    details: { submissionId: id },
    at: context.clock.now(),
  });
  return { front_pic: front.url, reverse_pic: reverse.url, expires_at: front.expiresAt.toISOString() };
}

/**
 * Approves or rejects (with a reason the customer sees) one submission, which must still be the
 * customer's latest and waiting: `review` does it under the submission's lock, audited.
 */
export async function reviewSubmission(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: ReviewSubmissionRequest,
): Promise<StaffSubmission> {
  await requirePermission(context, staff, 'kyc.review');
  const found = await repository.findSubmissionForStaff(context.db, input.id);
  if (!found) throw new Rejection('error.submission_unknown');
  await review(context, staff, {
    userId: found.submission.userId,
    decision: input.decision,
    reason: input.reason,
    submissionId: input.id,
  });
  const after = await repository.findSubmissionForStaff(context.db, input.id);
  if (!after) throw new Error(`submission ${input.id} vanished in its review`);
  return staffSubmissionView(staff, after);
}
