import type { DepositFlag, StaffDeposit } from '@meridian/contract/funds-staff';
import { creditDiffers, depositApprovalsNeeded } from '@meridian/domain/deposit-four-eyes';
import { plainDecimal } from '@meridian/domain/money';
import { depositCredit, moneyText } from '@meridian/domain/withdraw-figures';
import type { ServerContext } from '../../context';
import { getSetting } from '../settings/settings.public';
import type * as repository from './deposits.repository';
import { placeholderAddress, placeholderPayeeAccount } from './funds-catalogue';
import { depositRecordView, staffCustomerView } from './funds-views';

// A deposit as the reviewer sees it: what it would credit, what looks wrong, how many people it needs.

/** Today's four-eyes terms of deposit credits (settings). */
type FourEyesTerms = { fourEyesThresholdUsd: string; tolerancePercent: string };

export async function fourEyesTerms(context: ServerContext): Promise<FourEyesTerms> {
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

export function staffDepositView(
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
