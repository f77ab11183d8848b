import { z } from 'zod';
import { StaffAccount } from './back-office';
import { cacheBuster, serverText, text } from './fields';
import { LIMITS } from './limits';
import { listSortFields, ProposalSortKey } from './list-sort';
import { pageOf, pagingFields } from './paging';
import { proposalOutcomeFields } from './proposal-outcome';
import { rowRequest } from './row-request';

/**
 * Control changes under a second admin, under /admin/api behind the staff guard.
 * A change to where money goes or to the rules that move it (a deposit channel, a wire account, a
 * money setting, a promotion to admin, an admin account made) is not applied by the call that asks
 * for it: that call records a *proposal* (kind, target, the fields before and after) and answers
 * `{status: 'proposed', proposal_id}`; a different admin applies it by approving it.
 *
 * - GET  /proposals/list?state&page&limit -> ProposalList  admins see every proposal, other
 *        staff only their own; pending ones first, oldest first (a work queue), then decided ones,
 *        newest first
 * - POST /proposals/approve {id} -> ProposalApproval  (admins, never the proposer) applies the
 *        change in the same transaction, exactly once; refused when the target changed since it
 *        was proposed, when the proposal expired (setting `proposal_expiry_hours`) or was decided
 * - POST /proposals/reject {id, reason?} -> Proposal  (admins, never the proposer) nothing changes
 */

export const PROPOSAL_KINDS = [
  'deposit_channel',
  'wire_account',
  'setting',
  'staff_role',
  'staff_create',
] as const;
export const ProposalKind = z.enum(PROPOSAL_KINDS);
export type ProposalKind = z.infer<typeof ProposalKind>;

export const PROPOSAL_STATES = ['pending', 'applied', 'rejected', 'expired'] as const;
export const ProposalState = z.enum(PROPOSAL_STATES);
export type ProposalState = z.infer<typeof ProposalState>;

/** The fields a proposal changes, each as text (a decimal, an address, `1`/`0` for a switch). */
export const ProposalFields = z.record(serverText(), serverText());
export type ProposalFields = z.infer<typeof ProposalFields>;

const staffRef = z.object({ id: z.number().int(), name: serverText() });

export const Proposal = z.object({
  id: z.number().int(),
  kind: ProposalKind,
  /** What it changes, as the audit log names it (`deposit_channel:3`, `setting:stop_out_level`). */
  target: serverText(),
  /** The target in words for the screen (`USDT TRC20`, `EUR Meridian Bank`, an e-mail). */
  target_label: serverText(),
  /** The changed fields as they were when proposed (empty for an account still to be made). */
  before: ProposalFields,
  after: ProposalFields,
  state: ProposalState,
  proposed_by: staffRef,
  proposed_at: serverText(),
  /** ISO 8601: a pending proposal not decided by then expires. */
  expires_at: serverText(),
  decided_by: staffRef.nullable(),
  /** ISO 8601 when approved, rejected or expired; empty while pending. */
  decided_at: serverText(),
  /** The rejecting admin's reason; empty otherwise. */
  reason: serverText(),
});
export type Proposal = z.infer<typeof Proposal>;

export const ProposalListQuery = z.object({
  state: z.enum([...PROPOSAL_STATES, 'all'], { error: 'validation.invalid_choice' }).default('all'),
  /** Only the proposals of one target (`setting:stop_out_level`): a screen shows those pending on an item. */
  target: text(LIMITS.auditTargetLengthMax).optional(),
  ...pagingFields(20),
  ...listSortFields(ProposalSortKey),
  t: cacheBuster,
});
export type ProposalListQuery = z.infer<typeof ProposalListQuery>;

export const ProposalList = pageOf(Proposal);
export type ProposalList = z.infer<typeof ProposalList>;

export const ProposalIdRequest = rowRequest({});
export type ProposalIdRequest = z.infer<typeof ProposalIdRequest>;

export const RejectProposalRequest = rowRequest({
  /** Optional: the proposer sees it on their proposal. */
  reason: text(LIMITS.reviewReasonLengthMax).optional(),
});
export type RejectProposalRequest = z.infer<typeof RejectProposalRequest>;

/**
 * An approval: the applied proposal and, when it made an admin account, that account's one-time
 * enrolment link (shown to the approving admin this once; empty otherwise).
 */
export const ProposalApproval = z.object({
  proposal: Proposal,
  enrolment_path: serverText(),
  enrolment_expires_at: serverText(),
});
export type ProposalApproval = z.infer<typeof ProposalApproval>;

/** The outcome of a call that may propose (proposal-outcome.ts). */
export type ProposalOutcome = { status: 'applied' | 'proposed'; proposal_id: number };

/** The answer of `POST /staff/create`: the link when made at once (not an admin), else the proposal. */
export const StaffCreateOutcome = z.object({
  ...proposalOutcomeFields,
  /** Null while the admin account is only proposed. */
  staff: StaffAccount.nullable(),
  enrolment_path: serverText(),
  expires_at: serverText(),
});
export type StaffCreateOutcome = z.infer<typeof StaffCreateOutcome>;
