import { type DecimalInput, toDecimal } from './money';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * Deposit credits under four-eyes. A credit needs two different staff members
 * when it is further from the suggested credit (number x usd_per_unit) than the tolerance, or when
 * it is above the four-eyes threshold (`withdraw_four_eyes_usd`, strictly more, as withdrawals).
 * The first approval records its amount; the second must approve that same amount.
 */

/** True when the credit differs from the suggested one at all (the queue's flag). */
export function creditDiffers(credit: DecimalInput, suggested: DecimalInput): boolean {
  return !toDecimal(credit).eq(suggested);
}

/**
 * True when the credit is further from the suggested one than `tolerancePercent` percent of it
 * (exactly at the tolerance is within). A suggested credit of 0 tolerates no difference.
 */
export function creditOutsideTolerance(
  credit: DecimalInput,
  suggested: DecimalInput,
  tolerancePercent: DecimalInput,
): boolean {
  const allowed = toDecimal(suggested).abs().times(tolerancePercent).dividedBy(100);
  return toDecimal(credit).minus(suggested).abs().gt(allowed);
}

/** How many approvals a deposit credit needs: 2 outside the tolerance or above the threshold, else 1. */
export function depositApprovalsNeeded(input: {
  credit: DecimalInput;
  suggested: DecimalInput;
  tolerancePercent: DecimalInput;
  fourEyesThresholdUsd: DecimalInput;
}): 1 | 2 {
  if (creditOutsideTolerance(input.credit, input.suggested, input.tolerancePercent)) return 2;
  return toDecimal(input.credit).gt(input.fourEyesThresholdUsd) ? 2 : 1;
}

export type DepositApprovalRefusal = 'approved_already_by_you' | 'amount_differs_from_first';

/**
 * One staff member's approval of a waiting deposit: `credit` when it completes the approvals,
 * `first` when it is the first of two. With a first approval already recorded, the approval that
 * follows must be by someone else and for the same amount (a reviewer who disagrees rejects).
 */
export function approveDepositCredit(review: {
  firstApproval: { staffId: number; amount: DecimalInput } | undefined;
  staffId: number;
  amount: DecimalInput;
  approvalsNeeded: 1 | 2;
}): RuleResult<'credit' | 'first', DepositApprovalRefusal> {
  const first = review.firstApproval;
  if (first === undefined) return accept(review.approvalsNeeded === 2 ? 'first' : 'credit');
  if (first.staffId === review.staffId) return refuse('approved_already_by_you');
  if (!toDecimal(first.amount).eq(review.amount))
    return refuse('amount_differs_from_first', { amount: toDecimal(first.amount).toFixed(2) });
  return accept('credit');
}
