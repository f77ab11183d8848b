import type { DepositRecord, WithdrawRecord } from '@meridian/contract/funds';
import type { StaffCustomer } from '@meridian/contract/funds-staff';
import type { Language } from '@meridian/contract/languages';
import { depositStatusOf, withdrawalStatusOf } from '@meridian/domain/funds-states';
import { plainDecimal } from '@meridian/domain/money';
import { moneyText } from '@meridian/domain/withdraw-figures';
import { translate } from '../../http/i18n';
import type { DepositRow } from './deposits.repository';
import { depositTypeCodeOf, drawTypeCodeOf } from './funds-codes';
import type { WithdrawalRow } from './withdrawals.repository';

/** "YYYY-MM-DD HH:mm:ss" in UTC: the spec's display form of a time. */
export function displayTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const DEPOSIT_STATUS_NAMES: Record<DepositRow['status'], string> = {
  pending: 'funds.status.pending',
  finished: 'funds.status.credited',
  rejected: 'funds.status.rejected',
  invalid: 'funds.status.invalid',
};

const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalRow['status'], string> = {
  pending: 'funds.status.pending',
  approved: 'funds.status.pending',
  paid: 'funds.status.paid',
  rejected: 'funds.status.rejected',
};

/** A deposit as its owner sees it; `proofUrl` is the proof's address signed for the viewer. */
export function depositRecordView(row: DepositRow, proofUrl: string, language: Language): DepositRecord {
  return {
    id: row.id,
    number: plainDecimal(row.number),
    type: depositTypeCodeOf(row.type),
    currency_code: row.currencyCode,
    protocol_code: row.protocolCode,
    address: row.address,
    bank_name: row.bankName,
    status: depositStatusOf(row.status),
    status_name: translate(language, DEPOSIT_STATUS_NAMES[row.status]),
    remark: row.remark,
    amount: row.amount === null ? '0' : moneyText(row.amount),
    proof_img: proofUrl,
    created_at: displayTime(row.createdAt),
    created_time: row.createdAt.getTime(),
    reviewed_time: row.reviewedAt?.getTime() ?? 0,
  };
}

/** A withdrawal as its owner sees it. */
export function withdrawRecordView(row: WithdrawalRow, language: Language): WithdrawRecord {
  return {
    id: row.id,
    number: moneyText(row.number),
    real_number: moneyText(row.receive),
    draw_currency: { id: row.drawCurrencyId, code: row.code, protocol: row.protocol },
    fee: moneyText(row.fee),
    usd_price: plainDecimal(row.usdPrice),
    status: withdrawalStatusOf(row.status),
    status_name: translate(language, WITHDRAWAL_STATUS_NAMES[row.status]),
    created_at: displayTime(row.createdAt),
    created_time: row.createdAt.getTime(),
    type: drawTypeCodeOf(row.type),
    address: row.address,
    payee_account: row.payeeAccount,
    bank_name: row.bankName,
    memo: row.memo,
    notes: row.notes,
    payout_reference: row.status === 'paid' ? row.payoutReference : '',
    reviewed_time: row.status === 'paid' || row.status === 'rejected' ? (row.reviewedAt?.getTime() ?? 0) : 0,
  };
}

/** The customer of a record, as the back office shows it. */
export function staffCustomerView(customer: {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  globalCode: string | null;
}): StaffCustomer {
  return {
    id: customer.id,
    uid: customer.uid,
    email: customer.email ?? '',
    mobile: customer.mobile ? `${customer.globalCode ?? ''}${customer.mobile}` : '',
  };
}
