import type { FundsOutcome } from '@meridian/contract/funds';
import type {
  ApproveDepositRequest,
  InvalidDepositRequest,
  RejectDepositRequest,
  SignedImage,
  StaffDeposit,
  StaffRecordQuery,
} from '@meridian/contract/funds-staff';
import { normalizeLanguage } from '@meridian/contract/languages';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import { type DepositEvent, transitionDeposit } from '@meridian/domain/funds-states';
import { plainDecimal, toDecimal } from '@meridian/domain/money';
import { depositCredit, moneyText } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { findAccountOfUser, postToLedger } from '../ledger/ledger.public';
import { type CustomerNotice, queueCustomerNotice } from '../notify/notify.public';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import { imageUrl } from '../uploads/uploads.public';
import * as repository from './deposits.repository';
import { depositRecordView, staffCustomerView } from './funds-views';

const DEPOSIT_TYPES = { 0: 'coin', 1: 'bank' } as const;
const STATUS_STATES = { 0: 'pending', 1: 'finished', 2: 'rejected', 3: 'invalid' } as const;

function staffDepositView(row: repository.StaffDepositRow): StaffDeposit {
  const { deposit } = row;
  return {
    ...depositRecordView(deposit, '', 'en'),
    user: staffCustomerView(row.customer),
    channel_id: deposit.channelId ?? 0,
    wire_id: deposit.wireAccountId ?? 0,
    usd_per_unit: plainDecimal(deposit.usdPerUnit),
    suggested_amount: depositCredit(deposit.number, deposit.usdPerUnit),
    amount_reason: deposit.amountReason,
    reviewed_by:
      deposit.reviewedByStaffId === null
        ? null
        : { id: deposit.reviewedByStaffId, name: row.reviewerName ?? '' },
  };
}

/** The deposits for review, newest first, filtered; audited like every back-office read. */
export async function listDepositsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffRecordQuery,
) {
  await requirePermission(context, staff, 'funds.review');
  const type = query.type === undefined ? undefined : DEPOSIT_TYPES[query.type as 0 | 1];
  if (query.type !== undefined && type === undefined) throw new Rejection('validation.deposit_type');
  const { rows, total } = await repository.listDepositsForStaff(context.db, {
    status: query.status === undefined ? undefined : STATUS_STATES[query.status as 0 | 1 | 2 | 3],
    type,
    userId: query.user_id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  await recordAudit(context.db, actorOf(staff), {
    action: 'funds.deposits_read',
    target: query.user_id === undefined ? null : `user:${query.user_id}`,
    details: { status: query.status ?? null, type: query.type ?? null, page: query.page },
    at: context.clock.now(),
  });
  return { list: rows.map(staffDepositView), total, page: query.page, limit: query.limit };
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

type Review = {
  event: DepositEvent;
  remark: string;
  /** Approval only: the USDT to credit as asked, and the reason for a corrected amount. */
  amount?: string | undefined;
  reason?: string | undefined;
};

const OUTCOMES: Record<DepositEvent, FundsOutcome> = {
  approve: 'approved',
  reject: 'rejected',
  invalidate: 'invalid',
};

/** The credited USDT of an approval: the suggested amount, or the reviewer's with a reason. */
function creditOf(deposit: repository.DepositRow, review: Review): { amount: string; reason: string } {
  const suggested = depositCredit(deposit.number, deposit.usdPerUnit);
  if (review.amount === undefined) {
    if (!toDecimal(suggested).gt(0)) throw new Rejection('error.deposit_amount_zero');
    return { amount: toDecimal(suggested).toFixed(), reason: '' };
  }
  const checked = checkFundsAmount(review.amount, { decimalsMax: 2, min: '0', max: '0' });
  if (!checked.ok) throw new Rejection(checked.reason, checked.params);
  const corrected = !toDecimal(checked.value).eq(suggested);
  const reason = review.reason?.trim() ?? '';
  if (corrected && reason === '') throw new Rejection('error.deposit_amount_reason_required');
  return { amount: checked.value, reason: corrected ? reason : '' };
}

/**
 * One review of a deposit, in one transaction under the deposit's row lock: the state machine moves
 * it (a second review of the same deposit is refused, so approving twice credits once), an approval
 * credits the ledger (`deposit`) with the status change, the action is audited and the customer's
 * notice queued in the outbox; their sockets hear of it once it has committed.
 */
async function reviewDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
  review: Review,
): Promise<StaffDeposit> {
  await requirePermission(context, staff, 'funds.review');
  const now = context.clock.now();
  const done = await context.db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, id);
    if (!deposit) throw new Rejection('error.deposit_unknown');
    const next = transitionDeposit(deposit.status, review.event);
    if (!next.ok) throw new Rejection('error.deposit_reviewed');
    const credit = review.event === 'approve' ? creditOf(deposit, review) : undefined;
    const updated = await repository.reviewDeposit(tx, id, deposit.status, {
      status: next.value,
      remark: review.remark,
      amount: credit?.amount ?? null,
      amountReason: credit?.reason ?? '',
      reviewedByStaffId: staff.id,
      reviewedAt: now,
    });
    if (!updated) throw new Error(`deposit ${id} changed under its row lock`);
    const balances = credit ? await creditDeposit(tx, updated, credit.amount, staff, now) : undefined;
    await recordAudit(tx, actorOf(staff), {
      action: `funds.deposit_${review.event}`,
      target: `deposit:${id}`,
      details: {
        user_id: deposit.userId,
        number: deposit.number,
        amount: credit?.amount ?? null,
        reason: credit?.reason || undefined,
        remark: review.remark || undefined,
      },
      at: now,
    });
    const row = await repository.findDepositForStaff(tx, id);
    if (!row) throw new Error(`deposit ${id} vanished in its review`);
    await queueCustomerNotice(tx, depositNotice(row.deposit, OUTCOMES[review.event], now));
    return { row, balances };
  });
  context.events.emit('outbox.queued', {});
  await announce(context, done.row, OUTCOMES[review.event], done.balances);
  return staffDepositView(done.row);
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

export async function approveDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: ApproveDepositRequest,
) {
  return reviewDeposit(context, staff, input.id, {
    event: 'approve',
    remark: '',
    amount: input.amount,
    reason: input.reason,
  });
}

export async function rejectDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: RejectDepositRequest,
) {
  return reviewDeposit(context, staff, input.id, { event: 'reject', remark: input.remark });
}

export async function invalidateDeposit(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: InvalidDepositRequest,
) {
  return reviewDeposit(context, staff, input.id, { event: 'invalidate', remark: input.remark ?? '' });
}
