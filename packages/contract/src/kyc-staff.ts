import { z } from 'zod';
import { cacheBuster, positiveId, serverText, text } from './fields';
import { StaffActorRef, StaffCustomer } from './funds-staff';
import { RealNameState } from './kyc';
import { LIMITS } from './limits';
import { listSortFields, SubmissionSortKey } from './list-sort';
import { pageOf, pagingFields } from './paging';
import { rowRequest } from './row-request';

/**
 * The back office's identity review (real-name verification), under /admin/api behind the staff
 * guard: role `compliance` (or `admin`). Every call, reads included, is written to the audit log.
 *
 * - GET  /admin/api/kyc/submissions?state&user_id&page&limit -> StaffSubmissionPage, oldest waiting first
 *        (`state` absent: pending ones)
 * - GET  /admin/api/kyc/photos?id                  -> SubmissionPhotos (signed for this staff member)
 * - POST /admin/api/kyc/review {id, decision, reason?} -> StaffSubmission  a rejection needs a reason,
 *        which the customer sees; only the customer's latest, pending submission can be reviewed.
 */

export const SubmissionListQuery = z.object({
  /** none is never stored; absent: pending. */
  state: z
    .enum(['pending', 'verified', 'rejected', 'all'], { error: 'validation.invalid_choice' })
    .optional(),
  user_id: positiveId().optional(),
  ...pagingFields(LIMITS.fundsPageSizeDefault),
  ...listSortFields(SubmissionSortKey),
  t: cacheBuster,
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

/** A real-name submission as the reviewer sees it: the full ID number (the customer sees it masked). */
export const StaffSubmission = z.object({
  id: z.number().int(),
  user: StaffCustomer,
  name: serverText(),
  card_id: serverText(),
  state: RealNameState,
  review_status: z.number().int(),
  reason: serverText(),
  /** ISO 8601; reviewed_at empty while pending. */
  submitted_at: serverText(),
  reviewed_at: serverText(),
  reviewed_by: StaffActorRef.nullable(),
});
export type StaffSubmission = z.infer<typeof StaffSubmission>;

export const StaffSubmissionPage = pageOf(StaffSubmission);

export const SubmissionIdQuery = rowRequest({});

export const SubmissionPhotos = z.object({
  front_pic: serverText(),
  reverse_pic: serverText(),
  /** ISO 8601: when the two addresses stop working. */
  expires_at: serverText(),
});

export const ReviewSubmissionRequest = z.object({
  /** The submission's id. */
  id: positiveId(),
  decision: z.enum(['approve', 'reject'], { error: 'validation.review_decision' }),
  /** Required to reject; the customer sees it. */
  reason: text(LIMITS.reviewReasonLengthMax).optional(),
  t: cacheBuster,
});
export type ReviewSubmissionRequest = z.infer<typeof ReviewSubmissionRequest>;
