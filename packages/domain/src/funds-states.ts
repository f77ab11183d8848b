import { type DecimalInput, toDecimal } from './money';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * The review of deposits and withdrawals (spec section 4; ARCHITECTURE.md "Funds rules").
 * Each status change the server makes goes through these functions; an illegal move is refused,
 * and the database row is changed only from the state read under its lock.
 *
 * A deposit waits (`pending`, status 0) until the back office approves it (`finished`, 1: credited),
 * rejects it (`rejected`, 2, with a remark the customer sees) or marks it invalid (`invalid`, 3).
 * All three are final.
 *
 * A withdrawal waits (`pending`) with its amount locked. An approval pays it (`paid`: the lock
 * leaves the books), unless it needs two approvals (four-eyes, above a threshold): the first moves
 * it to `approved` (still status 0 for the customer), and a second one by another staff member pays
 * it. A rejection, from `pending` or `approved`, returns the lock (`rejected`). `paid` and
 * `rejected` are final.
 */
export type DepositState = 'pending' | 'finished' | 'rejected' | 'invalid';
export type DepositEvent = 'approve' | 'reject' | 'invalidate';
export type WithdrawalState = 'pending' | 'approved' | 'paid' | 'rejected';

export type FundsRefusal = 'not_pending' | 'approved_already_by_you';

export function transitionDeposit(
  state: DepositState,
  event: DepositEvent,
): RuleResult<DepositState, FundsRefusal> {
  if (state !== 'pending') return refuse('not_pending');
  switch (event) {
    case 'approve':
      return accept('finished');
    case 'reject':
      return accept('rejected');
    case 'invalidate':
      return accept('invalid');
    default: {
      const unknown: never = event;
      throw new Error(`unknown deposit event ${String(unknown)}`);
    }
  }
}

/** How many approvals a withdrawal needs: two different people above the threshold (in USDT), else one. */
export function approvalsNeeded(numberUsdt: DecimalInput, fourEyesThresholdUsd: DecimalInput): 1 | 2 {
  return toDecimal(numberUsdt).gt(fourEyesThresholdUsd) ? 2 : 1;
}

/**
 * One staff member's approval of a withdrawal: where it moves (`approved` while approvals are
 * missing, `paid` with the last one). The same person approving twice is refused.
 */
export function approveWithdrawal(
  state: WithdrawalState,
  review: { approverIds: readonly number[]; staffId: number; approvalsNeeded: 1 | 2 },
): RuleResult<'approved' | 'paid', FundsRefusal> {
  if (state !== 'pending' && state !== 'approved') return refuse('not_pending');
  if (review.approverIds.includes(review.staffId)) return refuse('approved_already_by_you');
  const approvals = review.approverIds.length + 1;
  return accept(approvals >= review.approvalsNeeded ? 'paid' : 'approved');
}

export function rejectWithdrawal(state: WithdrawalState): RuleResult<'rejected', FundsRefusal> {
  return state === 'pending' || state === 'approved' ? accept('rejected') : refuse('not_pending');
}

/** The spec's status of a deposit: 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
export function depositStatusOf(state: DepositState): 0 | 1 | 2 | 3 {
  switch (state) {
    case 'pending':
      return 0;
    case 'finished':
      return 1;
    case 'rejected':
      return 2;
    case 'invalid':
      return 3;
    default: {
      const unknown: never = state;
      throw new Error(`unknown deposit state ${String(unknown)}`);
    }
  }
}

/** The spec's status of a withdrawal: 0 unchecked (also after a first of two approvals), 1 paid, 2 rejected. */
export function withdrawalStatusOf(state: WithdrawalState): 0 | 1 | 2 {
  switch (state) {
    case 'pending':
    case 'approved':
      return 0;
    case 'paid':
      return 1;
    case 'rejected':
      return 2;
    default: {
      const unknown: never = state;
      throw new Error(`unknown withdrawal state ${String(unknown)}`);
    }
  }
}
