import type { FundsOutcome } from '@meridian/contract/funds';
import type {
  PayWithdrawalRequest,
  RejectWithdrawalRequest,
  StaffWithdrawal,
  StaffWithdrawalQuery,
} from '@meridian/contract/funds-staff';
import { normalizeLanguage } from '@meridian/contract/languages';
import { approveWithdrawal, rejectWithdrawal } from '@meridian/domain/funds-states';
import { asUserId } from '@meridian/domain/ids';
import { moneyText } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { findAccountOfUser, postToLedger } from '../ledger/ledger.public';
import type { CustomerNotice } from '../notify/notify.public';
import { foundOr, movedOrFail, nextStateOf, reviewQueued } from '../review/review.public';
import { type AuthenticatedStaff, readAuditedList, requirePermission } from '../staff/staff.public';
import { STAFF_DRAW_KINDS, WITHDRAWAL_STATES_OF_STATUS } from './funds-codes';
import { staffCustomerView, withdrawRecordView } from './funds-views';
import { methodDetailsView } from './method-details-view';
import * as repository from './withdrawals.repository';

function staffWithdrawalView(
  row: repository.StaffWithdrawalRow,
  approvals: readonly repository.ApprovalRow[],
): StaffWithdrawal {
  const { withdrawal, method } = row;
  return {
    ...withdrawRecordView(withdrawal, 'en'),
    payout_reference: withdrawal.payoutReference,
    user: staffCustomerView(row.customer),
    state: withdrawal.status,
    method: { id: method.id, ...methodDetailsView(method) },
    approvals: approvals
      .filter((approval) => approval.withdrawalId === withdrawal.id)
      .map((approval) => ({
        staff: { id: approval.staffId, name: approval.staffName },
        at: approval.createdAt.toISOString(),
      })),
    approvals_needed: withdrawal.approvalsNeeded,
    reviewed_by:
      withdrawal.reviewedByStaffId === null
        ? null
        : { id: withdrawal.reviewedByStaffId, name: row.reviewerName ?? '' },
  };
}

/** The withdrawals for review (the waiting queue oldest first, history newest first), filtered; audited. */
export async function listWithdrawalsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffWithdrawalQuery,
) {
  const { rows, total, page, limit, approvals } = await readAuditedList(context, staff, query, {
    permission: 'funds.review',
    read: async (window) => {
      const type = query.type === undefined ? undefined : STAFF_DRAW_KINDS[query.type];
      if (query.type !== undefined && type === undefined) throw new Rejection('validation.draw_type');
      const { rows, total } = await repository.listWithdrawalsForStaff(context.db, {
        states: query.status === undefined ? undefined : WITHDRAWAL_STATES_OF_STATUS[query.status],
        type,
        userId: query.user_id === undefined ? undefined : asUserId(query.user_id),
        ...window,
      });
      const approvals = await repository.approvalsOf(
        context.db,
        rows.map((row) => row.withdrawal.id),
      );
      return { rows, total, approvals };
    },
    audit: () => ({
      action: 'funds.withdrawals_read',
      list: 'withdrawals',
      target: query.user_id === undefined ? null : `user:${query.user_id}`,
      details: { status: query.status ?? null, type: query.type ?? null, page: query.page },
    }),
  });
  return { list: rows.map((row) => staffWithdrawalView(row, approvals)), total, page, limit };
}

const REFUSALS = {
  not_pending: 'error.withdrawal_reviewed',
  approved_already_by_you: 'error.four_eyes_same_staff',
} as const;

/** A withdrawal claimed for review: locked, with the approvals it already has. */
type ClaimedWithdrawal = { withdrawal: repository.WithdrawalRow; approvals: repository.ApprovalRow[] };

async function claimWithdrawal(tx: Tx, id: number): Promise<ClaimedWithdrawal> {
  const withdrawal = foundOr(await repository.lockWithdrawal(tx, id), 'error.withdrawal_unknown');
  return { withdrawal, approvals: await repository.approvalsOf(tx, [withdrawal.id]) };
}

/** A reviewed withdrawal as staff see it, and the available balance when the review moved money. */
type ReviewedWithdrawal = Awaited<ReturnType<typeof finish>> & { balance: string | undefined };

/**
 * One approval of a withdrawal (four-eyes: above the threshold the first approval is recorded and a
 * second one by another staff member pays). Paying takes the number out of the lock
 * (`withdraw_paid`) with the payout reference, in the same transaction as the status change, under
 * the withdrawal's row lock: an approval racing a rejection is refused once the other has won.
 */
export async function payWithdrawal(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: PayWithdrawalRequest,
): Promise<StaffWithdrawal> {
  await requirePermission(context, staff, 'funds.review');
  const reference = input.payout_reference?.trim() ?? '';
  const done = await reviewQueued<ClaimedWithdrawal, ReviewedWithdrawal>(context, staff, {
    claim: (tx) => claimWithdrawal(tx, input.id),
    decide: async (tx, { withdrawal, approvals }, now) => {
      const next = nextStateOf(
        approveWithdrawal(withdrawal.status, {
          approverIds: approvals.map((approval) => approval.staffId),
          staffId: staff.id,
          approvalsNeeded: withdrawal.approvalsNeeded as 1 | 2,
        }),
        REFUSALS,
      );
      const paid = next === 'paid';
      if (paid && reference === '') throw new Rejection('error.payout_reference_required');
      await repository.insertApproval(tx, { withdrawalId: withdrawal.id, staffId: staff.id, createdAt: now });
      const moved = movedOrFail(
        await repository.moveWithdrawal(tx, withdrawal.id, withdrawal.status, {
          status: next,
          ...(paid ? { payoutReference: reference, reviewedByStaffId: staff.id, reviewedAt: now } : {}),
          ...(input.notes ? { notes: input.notes } : {}),
        }),
        `withdrawal ${withdrawal.id}`,
      );
      const balance = paid ? await postWithdrawal(tx, moved, 'paid', staff, now) : undefined;
      return { ...(await finish(tx, withdrawal.id)), balance };
    },
    audit: ({ withdrawal, approvals }, done) => {
      const paid = done.row.withdrawal.status === 'paid';
      return {
        action: paid ? 'funds.withdrawal_paid' : 'funds.withdrawal_approved',
        target: `withdrawal:${withdrawal.id}`,
        details: {
          user_id: withdrawal.userId,
          number: withdrawal.number,
          approvals: approvals.length + 1,
          approvals_needed: withdrawal.approvalsNeeded,
          payout_reference: paid ? reference : undefined,
        },
      };
    },
    // A first of two approvals is the back office's business: the customer still sees it waiting.
    notice: (done, now) =>
      done.row.withdrawal.status === 'paid' ? withdrawalNotice(done.row.withdrawal, 'paid', now) : undefined,
    announce: async (done) => {
      if (done.row.withdrawal.status === 'paid') await announce(context, done.row, 'paid');
    },
  });
  return staffWithdrawalView(done.row, done.approvals);
}

/** Rejects a waiting withdrawal with notes the customer sees: the lock goes back to the balance. */
export async function rejectWithdrawalByStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: RejectWithdrawalRequest,
): Promise<StaffWithdrawal> {
  await requirePermission(context, staff, 'funds.review');
  const done = await reviewQueued<ClaimedWithdrawal, ReviewedWithdrawal>(context, staff, {
    claim: (tx) => claimWithdrawal(tx, input.id),
    decide: async (tx, { withdrawal }, now) => {
      const next = nextStateOf(rejectWithdrawal(withdrawal.status), REFUSALS);
      const moved = movedOrFail(
        await repository.moveWithdrawal(tx, withdrawal.id, withdrawal.status, {
          status: next,
          notes: input.notes,
          reviewedByStaffId: staff.id,
          reviewedAt: now,
        }),
        `withdrawal ${withdrawal.id}`,
      );
      const balance = await postWithdrawal(tx, moved, 'rejected', staff, now);
      return { ...(await finish(tx, withdrawal.id)), balance };
    },
    audit: ({ withdrawal }) => ({
      action: 'funds.withdrawal_rejected',
      target: `withdrawal:${withdrawal.id}`,
      details: { user_id: withdrawal.userId, number: withdrawal.number, notes: input.notes },
    }),
    notice: (done, now) => withdrawalNotice(done.row.withdrawal, 'rejected', now),
    announce: async (done) => {
      if (done.balance !== undefined) {
        context.events.emit('account.balance_changed', {
          accountId: done.row.withdrawal.accountId,
          userId: done.row.withdrawal.userId,
          balance: done.balance,
        });
      }
      await announce(context, done.row, 'rejected');
    },
  });
  return staffWithdrawalView(done.row, done.approvals);
}

/** The ledger side of an outcome: paid leaves the lock; rejected returns it to the balance. Answers the balance after. */
async function postWithdrawal(
  tx: Tx,
  withdrawal: repository.WithdrawalRow,
  outcome: 'paid' | 'rejected',
  staff: AuthenticatedStaff,
  at: Date,
): Promise<string> {
  const reference = `withdrawal:${withdrawal.id}`;
  const author = `staff:${staff.id}`;
  const posted = await postToLedger(tx, {
    accountId: withdrawal.accountId,
    entries:
      outcome === 'paid'
        ? [
            {
              bucket: 'lock',
              amount: `-${withdrawal.number}`,
              kind: 'withdraw_paid',
              memoKey: 'ledger.withdraw_paid',
              reference,
              author,
            },
          ]
        : [
            {
              bucket: 'lock',
              amount: `-${withdrawal.number}`,
              kind: 'withdraw_unlock',
              memoKey: 'ledger.withdraw_unlock',
              reference,
              author,
            },
            {
              bucket: 'balance',
              amount: withdrawal.number,
              kind: 'withdraw_unlock',
              memoKey: 'ledger.withdraw_unlock',
              reference,
              author,
            },
          ],
    at,
  });
  return posted.balance;
}

async function finish(tx: Tx, id: number) {
  const row = await repository.findWithdrawalForStaff(tx, id);
  if (!row) throw new Error(`withdrawal ${id} vanished in its review`);
  return { row, approvals: await repository.approvalsOf(tx, [id]) };
}

async function announce(context: ServerContext, row: repository.StaffWithdrawalRow, outcome: FundsOutcome) {
  const { withdrawal } = row;
  const language = normalizeLanguage(row.customer.language);
  const balances = await accountBalances(context, withdrawal);
  context.events.emit('funds.outcome', {
    userId: withdrawal.userId,
    push: {
      kind: 'withdrawal',
      outcome,
      record: withdrawRecordView(withdrawal, language),
      balance: balances.balance,
      lock_balance: balances.lockBalance,
    },
  });
}

/** The customer's notice of a paid or rejected withdrawal, queued in the review's transaction. */
function withdrawalNotice(
  withdrawal: repository.StaffWithdrawalRow['withdrawal'],
  outcome: FundsOutcome,
  at: Date,
): CustomerNotice {
  return {
    userId: withdrawal.userId,
    type: `funds.withdrawal_${outcome}`,
    key: `notice.withdrawal_${outcome}`,
    params: {
      id: String(withdrawal.id),
      number: moneyText(withdrawal.number),
      receive: moneyText(withdrawal.receive),
      currency: withdrawal.code,
      reference: withdrawal.payoutReference,
      notes: withdrawal.notes,
    },
    at,
  };
}

async function accountBalances(context: ServerContext, withdrawal: repository.WithdrawalRow) {
  const account = await findAccountOfUser(context.db, withdrawal.userId);
  if (!account) throw new Error(`withdrawal ${withdrawal.id} of a user without an account`);
  return account;
}
