import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type {
  ApproveDepositRequest,
  DepositFlag,
  PayWithdrawalRequest,
  StaffDeposit,
  StaffWithdrawal,
} from '@meridian/contract/funds-staff';
import { depositApprovalsNeeded } from '@meridian/domain/deposit-four-eyes';

/**
 * The funds reviews' decisions, apart from their drawers: what the deposit drawer shows for the
 * amount typed, and the request each approval sends. The server applies every rule again.
 */

/** Today's four-eyes terms the list answers, for the drawer's preview of a typed credit. */
export type FourEyesTerms = { fourEyesThresholdUsd: string; tolerancePercent: string };

/** A credit as the form takes it: up to 12 digits and 2 places. */
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Two decimal texts name the same amount ("80" and "80.00"); a text that is no number never does. */
export function sameAmount(a: string, b: string): boolean {
  const normal = (value: string) => {
    const text = value.trim();
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    const [whole = '', fraction = ''] = text.split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  const left = normal(a);
  return left !== undefined && left === normal(b);
}

/** What a deposit's decision reads of it. */
type DepositUnderReview = Pick<
  StaffDeposit,
  'id' | 'status' | 'approvals' | 'approvals_needed' | 'suggested_amount' | 'flags'
>;

type DepositDecisionState = {
  /** The deposit waits for a decision. */
  waiting: boolean;
  /** The first of two approvals, when one was given: the second approves its amount. */
  first: StaffDeposit['approvals'][number] | undefined;
  /** The credit shown: the typed one, else the first approval's, else the suggested amount. */
  amount: string;
  /** The credit differs from the suggested amount (a reason is then required). */
  corrected: boolean;
  /** The screen's preview of the rule the server applies again: this credit needs two people. */
  needsSecond: boolean;
  approvalsShown: number;
  /** The deposit's flags, with "credit differs" first while a corrected credit is typed. */
  flags: DepositFlag[];
};

/** What the deposit drawer shows of its decision, for the amount typed (undefined: none yet). */
export function depositDecisionState(
  deposit: DepositUnderReview,
  typed: string | undefined,
  terms: FourEyesTerms,
): DepositDecisionState {
  const waiting = deposit.status === FUNDS_STATUS.unchecked;
  const first = waiting ? deposit.approvals[0] : undefined;
  const amount = typed ?? first?.amount ?? deposit.suggested_amount;
  const corrected = !sameAmount(amount, deposit.suggested_amount);
  const needsSecond =
    first === undefined &&
    AMOUNT_PATTERN.test(amount.trim()) &&
    depositApprovalsNeeded({ ...terms, credit: amount.trim(), suggested: deposit.suggested_amount }) === 2;
  const approvalsShown = Math.max(deposit.approvals_needed, needsSecond ? 2 : 1);
  const flags: DepositFlag[] =
    corrected && waiting && !deposit.flags.includes('credit_differs')
      ? ['credit_differs', ...deposit.flags]
      : deposit.flags;
  return { waiting, first, amount, corrected, needsSecond, approvalsShown, flags };
}

/**
 * The deposit approval sent: the second approval confirms the first one's amount; a corrected
 * credit goes with its trimmed reason; the suggested amount goes as nothing (the server's default).
 */
export function depositApproval(
  deposit: Pick<StaffDeposit, 'id'>,
  state: Pick<DepositDecisionState, 'first' | 'corrected'>,
  values: { amount: string; reason?: string | undefined },
): Omit<ApproveDepositRequest, 't'> {
  if (state.first) return { id: deposit.id, amount: state.first.amount };
  if (state.corrected) return { id: deposit.id, amount: values.amount, reason: values.reason?.trim() };
  return { id: deposit.id };
}

/** This approval pays when it is the last one needed; only then is the payout reference required. */
export function withdrawalApprovalPays(
  withdrawal: Pick<StaffWithdrawal, 'approvals' | 'approvals_needed'>,
): boolean {
  return withdrawal.approvals.length + 1 >= withdrawal.approvals_needed;
}

/** The withdrawal approval sent: the payout reference when it pays, the notes when written. */
export function withdrawalPayment(
  withdrawal: Pick<StaffWithdrawal, 'id'>,
  pays: boolean,
  fields: { reference: string; notes: string },
): Omit<PayWithdrawalRequest, 't'> {
  return {
    id: withdrawal.id,
    ...(pays ? { payout_reference: fields.reference } : {}),
    ...(fields.notes ? { notes: fields.notes } : {}),
  };
}

/**
 * Four eyes are two people: the alert's title and text for a reviewer who already approved this
 * deposit or withdrawal, else nothing (they may approve).
 */
export function sameStaffAlertOf(
  t: (key: string) => string,
  kind: 'deposit' | 'withdrawal',
  approvals: readonly { staff: { id: number } }[],
  staffId: number,
): { title: string; text: string } | undefined {
  if (!approvals.some((approval) => approval.staff.id === staffId)) return undefined;
  return { title: t(`funds.${kind}.sameStaffTitle`), text: t(`funds.${kind}.sameStaffText`) };
}
