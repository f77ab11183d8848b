import type { FundsOutcome } from '@meridian/contract/funds';
import type {
  ApproveDepositRequest,
  InvalidDepositRequest,
  RejectDepositRequest,
  SignedImage,
  StaffDeposit,
  StaffDepositPage,
  StaffDepositQuery,
} from '@meridian/contract/funds-staff';
import {
  approveDepositCredit,
  creditDiffers,
  type DepositApprovalRefusal,
  depositApprovalsNeeded,
} from '@meridian/domain/deposit-four-eyes';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import { type DepositEvent, type FundsRefusal, transitionDeposit } from '@meridian/domain/funds-states';
import { asUserId } from '@meridian/domain/ids';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import { depositCredit } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { foundOr, movedOrFail, nextStateOf, reviewQueued } from '../review/review.public';
import {
  type AuditEntry,
  type AuthenticatedStaff,
  actorOf,
  readAuditedList,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import { imageUrl } from '../uploads/uploads.public';
import { announceDeposit, creditDeposit, depositNotice } from './deposit-effects';
import { fourEyesTerms, staffDepositView } from './deposit-review-views';
import * as repository from './deposits.repository';
import { DEPOSIT_STATE_OF_STATUS, STAFF_DEPOSIT_KINDS } from './funds-codes';

/** The deposits for review (the waiting queue oldest first, history newest first), filtered; audited. */
export async function listDepositsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffDepositQuery,
): Promise<StaffDepositPage> {
  const { rows, total, page, limit, approvals, terms } = await readAuditedList(context, staff, query, {
    permission: 'funds.review',
    read: async (window) => {
      const type = query.type === undefined ? undefined : STAFF_DEPOSIT_KINDS[query.type];
      if (query.type !== undefined && type === undefined) throw new Rejection('validation.deposit_type');
      const { rows, total } = await repository.listDepositsForStaff(context.db, {
        status: query.status === undefined ? undefined : DEPOSIT_STATE_OF_STATUS[query.status],
        type,
        userId: query.user_id === undefined ? undefined : asUserId(query.user_id),
        ...window,
      });
      const approvals = await repository.depositApprovalsOf(
        context.db,
        rows.map((row) => row.deposit.id),
      );
      return { rows, total, approvals, terms: await fourEyesTerms(context) };
    },
    audit: () => ({
      action: 'funds.deposits_read',
      list: 'deposits',
      target: query.user_id === undefined ? null : `user:${query.user_id}`,
      details: { status: query.status ?? null, type: query.type ?? null, page: query.page },
    }),
  });
  return {
    list: rows.map((row) => staffDepositView(row, approvals, terms)),
    total,
    page,
    limit,
    four_eyes_usd: plainDecimal(terms.fourEyesThresholdUsd),
    tolerance_percent: plainDecimal(terms.tolerancePercent),
  };
}

/** A deposit's proof at an address signed for this staff member (it works for no one else); audited. */
export async function openDepositProof(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
): Promise<SignedImage> {
  await requirePermission(context, staff, 'funds.review');
  const row = await repository.findDepositForStaff(context.db, id);
  if (!row) throw new Rejection('error.deposit_unknown');
  const signed = await imageUrl(
    context,
    { name: row.proofName, ownerUserId: row.deposit.userId },
    { kind: 'staff', staffId: staff.id },
  );
  await recordAudit(context.db, actorOf(staff), {
    action: 'funds.deposit_proof_opened',
    target: `deposit:${id}`,
    at: context.clock.now(),
  });
  return { url: signed.url, expires_at: signed.expiresAt.toISOString() };
}

type Review = { event: DepositEvent; remark: string };
type Credit = { amount: string; reason: string };

const OUTCOMES: Record<DepositEvent, FundsOutcome> = {
  approve: 'approved',
  reject: 'rejected',
  invalidate: 'invalid',
};

// Only a waiting deposit is claimed, so the state machine's refusal means another review came first.
const DEPOSIT_REFUSALS: Record<FundsRefusal, string> = {
  not_pending: 'error.deposit_reviewed',
  approved_already_by_you: 'error.deposit_reviewed',
};

const APPROVAL_REFUSALS: Record<DepositApprovalRefusal, string> = {
  approved_already_by_you: 'error.deposit_four_eyes_same_staff',
  amount_differs_from_first: 'error.deposit_amount_differs_from_first',
};

/** The USDT an approval would credit: the suggested amount, or the one the reviewer typed. */
function approvedAmount(suggested: string, typed: string | undefined): string {
  if (typed === undefined) {
    if (!toDecimal(suggested).gt(0)) throw new Rejection('error.deposit_amount_zero');
    return toDecimal(suggested).toFixed();
  }
  const checked = checkFundsAmount(typed, { decimalsMax: 2, min: '0', max: '0' });
  if (!checked.ok) throw new Rejection(checked.reason, checked.params);
  return checked.value;
}

/** Why a credit differs from the suggested one: the reviewer's reason, else the first approver's. */
function reasonOf(
  amount: string,
  suggested: string,
  typed: string | undefined,
  first: repository.DepositApprovalRow | undefined,
): string {
  if (!creditDiffers(amount, suggested)) return '';
  const reason = typed?.trim() || first?.reason || '';
  if (reason === '') throw new Rejection('error.deposit_amount_reason_required');
  return reason;
}

async function lockWaitingDeposit(tx: Tx, id: number): Promise<repository.DepositRow> {
  const deposit = foundOr(await repository.lockDeposit(tx, id), 'error.deposit_unknown');
  if (deposit.status !== 'pending') throw new Rejection('error.deposit_reviewed');
  return deposit;
}

async function staffRowOf(tx: Tx, id: number): Promise<repository.StaffDepositRow> {
  const row = await repository.findDepositForStaff(tx, id);
  if (!row) throw new Error(`deposit ${id} vanished in its review`);
  return row;
}

type Balances = { balance: string; lockBalance: string };

/** A deposit after a decision: as staff see it, and the balances when it was credited. */
type ReviewedDeposit = { row: repository.StaffDepositRow; balances: Balances | undefined };

/**
 * The decision that ends a deposit's review, under its row lock: the state machine moves it (a
 * second review of the same deposit is refused, so approving twice credits once), and an approval
 * credits the ledger (`deposit`) with the status change.
 */
async function endReview(
  tx: Tx,
  staff: AuthenticatedStaff,
  deposit: repository.DepositRow,
  review: Review & { credit?: Credit | undefined },
  now: Date,
): Promise<ReviewedDeposit> {
  const next = nextStateOf(transitionDeposit(deposit.status, review.event), DEPOSIT_REFUSALS);
  const { credit } = review;
  const updated = movedOrFail(
    await repository.reviewDeposit(tx, deposit.id, deposit.status, {
      status: next,
      remark: review.remark,
      amount: credit?.amount ?? null,
      amountReason: credit?.reason ?? '',
      reviewedByStaffId: staff.id,
      reviewedAt: now,
    }),
    `deposit ${deposit.id}`,
  );
  const balances = credit ? await creditDeposit(tx, updated, credit.amount, staff, now) : undefined;
  return { row: await staffRowOf(tx, deposit.id), balances };
}

/** The audit entry of a decision that ended a deposit's review. */
function endAudit(
  deposit: repository.DepositRow,
  review: Review & { credit?: Credit | undefined; approvals?: number | undefined },
): Omit<AuditEntry, 'at'> {
  const { credit } = review;
  return {
    action: `funds.deposit_${review.event}`,
    target: `deposit:${deposit.id}`,
    details: {
      user_id: deposit.userId,
      number: deposit.number,
      amount: credit?.amount ?? null,
      reason: credit?.reason || undefined,
      remark: review.remark || undefined,
      approvals: review.approvals,
    },
  };
}

/** A rejection or an invalid mark, in one transaction; the customer hears of it once it has committed. */
async function closeDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
  review: Review,
): Promise<StaffDeposit> {
  await requirePermission(context, staff, 'funds.review');
  const terms = await fourEyesTerms(context);
  const outcome = OUTCOMES[review.event];
  const done = await reviewQueued(context, staff, {
    claim: (tx) => lockWaitingDeposit(tx, id),
    decide: async (tx, deposit, now) => {
      const ended = await endReview(tx, staff, deposit, review, now);
      return { ...ended, approvals: await repository.depositApprovalsOf(tx, [id]) };
    },
    audit: (deposit) => endAudit(deposit, review),
    notice: (ended, now) => depositNotice(ended.row.deposit, outcome, now),
    announce: (ended) => announceDeposit(context, ended.row, outcome, ended.balances),
  });
  return staffDepositView(done.row, done.approvals, terms);
}

/** An approval's decision: the first of two (recorded, nothing credited) or the one that credits. */
type ApprovedDeposit = ReviewedDeposit & { credit: Credit; approvals: number; credited: boolean };

/**
 * One approval of a deposit, under its row lock. A credit outside the
 * tolerance of the suggested one, or above the threshold, needs two different people: the first
 * approval is recorded with its amount (audited, the customer hears nothing), and the second, by
 * someone else and of the same amount, credits it. Two second approvals racing are serialized by
 * the lock: the first credits, the other finds the deposit reviewed.
 */
export async function approveDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: ApproveDepositRequest,
): Promise<StaffDeposit> {
  await requirePermission(context, staff, 'funds.review');
  const terms = await fourEyesTerms(context);
  const done = await reviewQueued<repository.DepositRow, ApprovedDeposit>(context, staff, {
    claim: (tx) => lockWaitingDeposit(tx, input.id),
    decide: async (tx, deposit, now) => {
      const earlier = await repository.depositApprovalsOf(tx, [deposit.id]);
      const suggested = depositCredit(deposit.number, deposit.usdPerUnit);
      const amount = approvedAmount(suggested, input.amount);
      const step = nextStateOf(
        approveDepositCredit({
          firstApproval: earlier[0],
          staffId: staff.id,
          amount,
          approvalsNeeded: depositApprovalsNeeded({ ...terms, credit: amount, suggested }),
        }),
        APPROVAL_REFUSALS,
      );
      const credit = { amount, reason: reasonOf(amount, suggested, input.reason, earlier[0]) };
      if (step === 'first' || earlier.length > 0)
        await repository.insertDepositApproval(tx, {
          depositId: deposit.id,
          staffId: staff.id,
          ...credit,
          createdAt: now,
        });
      const approvals = earlier.length + 1;
      if (step === 'first')
        return {
          row: await staffRowOf(tx, deposit.id),
          balances: undefined,
          credit,
          approvals,
          credited: false,
        };
      const review = { event: 'approve' as const, remark: '', credit };
      return { ...(await endReview(tx, staff, deposit, review, now)), credit, approvals, credited: true };
    },
    audit: (deposit, approved) =>
      approved.credited
        ? endAudit(deposit, {
            event: 'approve',
            remark: '',
            credit: approved.credit,
            approvals: approved.approvals,
          })
        : {
            action: 'funds.deposit_first_approval',
            target: `deposit:${deposit.id}`,
            details: {
              user_id: deposit.userId,
              number: deposit.number,
              ...approved.credit,
              approvals_needed: 2,
            },
          },
    notice: (approved, now) =>
      approved.credited ? depositNotice(approved.row.deposit, 'approved', now) : undefined,
    announce: async (approved) => {
      if (approved.credited) await announceDeposit(context, approved.row, 'approved', approved.balances);
    },
  });
  const approvals = await repository.depositApprovalsOf(context.db, [input.id]);
  return staffDepositView(done.row, approvals, terms);
}

export async function rejectDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: RejectDepositRequest,
) {
  return closeDeposit(context, staff, input.id, { event: 'reject', remark: input.remark });
}

export async function invalidateDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: InvalidDepositRequest,
) {
  return closeDeposit(context, staff, input.id, { event: 'invalidate', remark: input.remark ?? '' });
}
