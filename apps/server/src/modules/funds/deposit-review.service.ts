import type { FundsOutcome } from '@meridian/contract/funds';
import type {
  ApproveDepositRequest,
  DepositFlag,
  InvalidDepositRequest,
  RejectDepositRequest,
  SignedImage,
  StaffDeposit,
  StaffDepositPage,
  StaffDepositQuery,
} from '@meridian/contract/funds-staff';
import { normalizeLanguage } from '@meridian/contract/languages';
import {
  approveDepositCredit,
  creditDiffers,
  type DepositApprovalRefusal,
  depositApprovalsNeeded,
} from '@meridian/domain/deposit-four-eyes';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import { type DepositEvent, transitionDeposit } from '@meridian/domain/funds-states';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import { depositCredit, moneyText } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { findAccountOfUser, postToLedger } from '../ledger/ledger.public';
import { type CustomerNotice, queueCustomerNotice } from '../notify/notify.public';
import { getSetting } from '../settings/settings.public';
import {
  type AuthenticatedStaff,
  actorOf,
  answeredPage,
  listAuditEntry,
  listWindow,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import { imageUrl } from '../uploads/uploads.public';
import * as repository from './deposits.repository';
import { placeholderAddress, placeholderPayeeAccount } from './funds-catalogue';
import { DEPOSIT_STATE_OF_STATUS, STAFF_DEPOSIT_KINDS } from './funds-codes';
import { depositRecordView, staffCustomerView } from './funds-views';

/** Today's four-eyes terms of deposit credits (settings). */
type FourEyesTerms = { fourEyesThresholdUsd: string; tolerancePercent: string };

async function fourEyesTerms(context: ServerContext): Promise<FourEyesTerms> {
  const [fourEyesThresholdUsd, tolerancePercent] = await Promise.all([
    getSetting(context.db, 'withdraw_four_eyes_usd'),
    getSetting(context.db, 'deposit_tolerance_percent'),
  ]);
  return { fourEyesThresholdUsd, tolerancePercent };
}

/** Sent to a placeholder: the channel's address or wire account still marked so, or a placeholder's text. */
function sentToPlaceholder(row: repository.StaffDepositRow): boolean {
  const { deposit, channel, wire } = row;
  return (
    (channel?.placeholder === true && channel.address === deposit.address) ||
    (wire?.placeholder === true && wire.payeeAccount === deposit.address) ||
    deposit.address === placeholderAddress(deposit.currencyCode, deposit.protocolCode) ||
    deposit.address === placeholderPayeeAccount(deposit.currencyCode)
  );
}

function flagsOf(
  row: repository.StaffDepositRow,
  approvals: readonly repository.DepositApprovalRow[],
  suggested: string,
): DepositFlag[] {
  const { deposit } = row;
  const credit = deposit.status === 'finished' ? deposit.amount : (approvals[0]?.amount ?? null);
  const flags: DepositFlag[] = [];
  if (credit !== null && creditDiffers(credit, suggested)) flags.push('credit_differs');
  if (sentToPlaceholder(row)) flags.push('placeholder_channel');
  if (row.proofReused) flags.push('proof_reused');
  if (!row.creditedBefore) flags.push('first_deposit');
  return flags;
}

function approvalsNeededOf(
  deposit: repository.DepositRow,
  approvals: readonly repository.DepositApprovalRow[],
  suggested: string,
  terms: FourEyesTerms,
): number {
  if (approvals.length > 0) return 2;
  if (deposit.status !== 'pending') return 1;
  return depositApprovalsNeeded({ ...terms, credit: suggested, suggested });
}

function staffDepositView(
  row: repository.StaffDepositRow,
  allApprovals: readonly repository.DepositApprovalRow[],
  terms: FourEyesTerms,
): StaffDeposit {
  const { deposit } = row;
  const suggested = depositCredit(deposit.number, deposit.usdPerUnit);
  const approvals = allApprovals.filter((approval) => approval.depositId === deposit.id);
  return {
    ...depositRecordView(deposit, '', 'en'),
    user: staffCustomerView(row.customer),
    channel_id: deposit.channelId ?? 0,
    wire_id: deposit.wireAccountId ?? 0,
    usd_per_unit: plainDecimal(deposit.usdPerUnit),
    suggested_amount: suggested,
    amount_reason: deposit.amountReason,
    reviewed_by:
      deposit.reviewedByStaffId === null
        ? null
        : { id: deposit.reviewedByStaffId, name: row.reviewerName ?? '' },
    approvals: approvals.map((approval) => ({
      staff: { id: approval.staffId, name: approval.staffName },
      at: approval.createdAt.toISOString(),
      amount: moneyText(approval.amount),
      reason: approval.reason,
    })),
    approvals_needed: approvalsNeededOf(deposit, approvals, suggested, terms),
    flags: flagsOf(row, approvals, suggested),
  };
}

/** The deposits for review (the waiting queue oldest first, history newest first), filtered; audited. */
export async function listDepositsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffDepositQuery,
): Promise<StaffDepositPage> {
  await requirePermission(context, staff, 'funds.review');
  const type = query.type === undefined ? undefined : STAFF_DEPOSIT_KINDS[query.type];
  if (query.type !== undefined && type === undefined) throw new Rejection('validation.deposit_type');
  const window = listWindow(query);
  const { rows, total } = await repository.listDepositsForStaff(context.db, {
    status: query.status === undefined ? undefined : DEPOSIT_STATE_OF_STATUS[query.status],
    type,
    userId: query.user_id,
    sort: window.sort,
    limit: window.limit,
    offset: window.offset,
  });
  const approvals = await repository.depositApprovalsOf(
    context.db,
    rows.map((row) => row.deposit.id),
  );
  const terms = await fourEyesTerms(context);
  await recordAudit(
    context.db,
    actorOf(staff),
    listAuditEntry(
      window,
      {
        action: 'funds.deposits_read',
        list: 'deposits',
        target: query.user_id === undefined ? null : `user:${query.user_id}`,
        details: { status: query.status ?? null, type: query.type ?? null, page: query.page },
      },
      { rows: rows.length, total },
      context.clock.now(),
    ),
  );
  return {
    list: rows.map((row) => staffDepositView(row, approvals, terms)),
    total,
    ...answeredPage(window, query),
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
  const deposit = await repository.lockDeposit(tx, id);
  if (!deposit) throw new Rejection('error.deposit_unknown');
  if (deposit.status !== 'pending') throw new Rejection('error.deposit_reviewed');
  return deposit;
}

async function staffRowOf(tx: Tx, id: number): Promise<repository.StaffDepositRow> {
  const row = await repository.findDepositForStaff(tx, id);
  if (!row) throw new Error(`deposit ${id} vanished in its review`);
  return row;
}

/**
 * The review that ends a deposit, inside the caller's transaction under the deposit's row lock:
 * the state machine moves it (a second review of the same deposit is refused, so approving twice
 * credits once), an approval credits the ledger (`deposit`) with the status change, the action is
 * audited and the customer's notice queued in the outbox.
 */
async function endReview(
  tx: Tx,
  staff: AuthenticatedStaff,
  deposit: repository.DepositRow,
  review: Review & { credit?: Credit | undefined; approvals?: number | undefined },
  now: Date,
) {
  const next = transitionDeposit(deposit.status, review.event);
  if (!next.ok) throw new Rejection('error.deposit_reviewed');
  const { credit } = review;
  const updated = await repository.reviewDeposit(tx, deposit.id, deposit.status, {
    status: next.value,
    remark: review.remark,
    amount: credit?.amount ?? null,
    amountReason: credit?.reason ?? '',
    reviewedByStaffId: staff.id,
    reviewedAt: now,
  });
  if (!updated) throw new Error(`deposit ${deposit.id} changed under its row lock`);
  const balances = credit ? await creditDeposit(tx, updated, credit.amount, staff, now) : undefined;
  await recordAudit(tx, actorOf(staff), {
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
    at: now,
  });
  const row = await staffRowOf(tx, deposit.id);
  await queueCustomerNotice(tx, depositNotice(row.deposit, OUTCOMES[review.event], now));
  return { row, balances };
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
  const now = context.clock.now();
  const done = await context.db.transaction(async (tx) => {
    const deposit = await lockWaitingDeposit(tx, id);
    const ended = await endReview(tx, staff, deposit, review, now);
    return { ...ended, approvals: await repository.depositApprovalsOf(tx, [id]) };
  });
  context.events.emit('outbox.queued', {});
  await announce(context, done.row, OUTCOMES[review.event], done.balances);
  return staffDepositView(done.row, done.approvals, terms);
}

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
  const now = context.clock.now();
  const done = await context.db.transaction(async (tx) => {
    const deposit = await lockWaitingDeposit(tx, input.id);
    const earlier = await repository.depositApprovalsOf(tx, [deposit.id]);
    const suggested = depositCredit(deposit.number, deposit.usdPerUnit);
    const amount = approvedAmount(suggested, input.amount);
    const step = approveDepositCredit({
      firstApproval: earlier[0],
      staffId: staff.id,
      amount,
      approvalsNeeded: depositApprovalsNeeded({ ...terms, credit: amount, suggested }),
    });
    if (!step.ok) throw new Rejection(APPROVAL_REFUSALS[step.reason], step.params);
    const credit = { amount, reason: reasonOf(amount, suggested, input.reason, earlier[0]) };
    if (step.value === 'first' || earlier.length > 0)
      await repository.insertDepositApproval(tx, {
        depositId: deposit.id,
        staffId: staff.id,
        ...credit,
        createdAt: now,
      });
    if (step.value === 'first') {
      await recordAudit(tx, actorOf(staff), {
        action: 'funds.deposit_first_approval',
        target: `deposit:${deposit.id}`,
        details: { user_id: deposit.userId, number: deposit.number, ...credit, approvals_needed: 2 },
        at: now,
      });
      return { row: await staffRowOf(tx, deposit.id), balances: undefined, credited: false };
    }
    const review = { event: 'approve' as const, remark: '', credit, approvals: earlier.length + 1 };
    return { ...(await endReview(tx, staff, deposit, review, now)), credited: true };
  });
  const approvals = await repository.depositApprovalsOf(context.db, [input.id]);
  if (done.credited) {
    context.events.emit('outbox.queued', {});
    await announce(context, done.row, 'approved', done.balances);
  }
  return staffDepositView(done.row, approvals, terms);
}

async function creditDeposit(
  tx: Tx,
  deposit: repository.DepositRow,
  amount: string,
  staff: AuthenticatedStaff,
  at: Date,
): Promise<{ balance: string; lockBalance: string }> {
  const posted = await postToLedger(tx, {
    accountId: deposit.accountId,
    entries: [
      {
        bucket: 'balance',
        amount,
        kind: 'deposit',
        memoKey: 'ledger.deposit',
        reference: `deposit:${deposit.id}`,
        author: `staff:${staff.id}`,
      },
    ],
    at,
  });
  return { balance: posted.balance, lockBalance: posted.lockBalance };
}

async function announce(
  context: ServerContext,
  row: repository.StaffDepositRow,
  outcome: FundsOutcome,
  balances: { balance: string; lockBalance: string } | undefined,
): Promise<void> {
  const { deposit } = row;
  const language = normalizeLanguage(row.customer.language);
  const after = balances ?? (await findAccountOfUser(context.db, deposit.userId));
  if (!after) throw new Error(`deposit ${deposit.id} of a user without an account`);
  if (balances) {
    context.events.emit('account.balance_changed', {
      accountId: deposit.accountId,
      userId: deposit.userId,
      balance: balances.balance,
    });
  }
  const signed = await imageUrl(
    context,
    { name: row.proofName, ownerUserId: deposit.userId },
    { kind: 'owner', userId: deposit.userId },
  );
  context.events.emit('funds.outcome', {
    userId: deposit.userId,
    push: {
      kind: 'deposit',
      outcome,
      record: depositRecordView(deposit, signed.url, language),
      balance: after.balance,
      lock_balance: after.lockBalance,
    },
  });
}

/** The customer's notice of a reviewed deposit, queued in the review's transaction. */
function depositNotice(
  deposit: repository.StaffDepositRow['deposit'],
  outcome: FundsOutcome,
  at: Date,
): CustomerNotice {
  return {
    userId: deposit.userId,
    type: `funds.deposit_${outcome}`,
    key: `notice.deposit_${outcome}`,
    params: {
      id: String(deposit.id),
      number: plainDecimal(deposit.number),
      currency: deposit.currencyCode,
      amount: deposit.amount === null ? '0' : moneyText(deposit.amount),
      remark: deposit.remark,
    },
    at,
  };
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
