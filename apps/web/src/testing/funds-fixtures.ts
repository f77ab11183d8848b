import type {
  BankCurrency,
  CoinChannel,
  DepositRecord,
  DrawCurrency,
  WireInfo,
  WithdrawRecord,
} from '@meridian/contract/funds';
import { REVIEW_STATUS } from '@meridian/contract/kyc';
import type { DrawMethod } from '@meridian/contract/wallet';

/** A TRC20 address of the right shape (34 characters, starting with T). */
export const TRC20_PLATFORM_ADDRESS = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
export const TRC20_CUSTOMER_ADDRESS = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';

export function coinChannelFixture(overrides: Partial<CoinChannel> = {}): CoinChannel {
  return {
    id: 1,
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: TRC20_PLATFORM_ADDRESS,
    address_placeholder: 0,
    min: '10',
    max: '100000',
    decimals: 6,
    usd_per_unit: '1',
    ...overrides,
  };
}

export function bankCurrencyFixture(overrides: Partial<BankCurrency> = {}): BankCurrency {
  return {
    id: 1,
    name: 'USD',
    code: 'USD',
    min: '100',
    max: '0',
    decimals: 2,
    usd_per_unit: '1',
    ...overrides,
  };
}

export function wireInfoFixture(overrides: Partial<WireInfo> = {}): WireInfo {
  return {
    id: 5,
    bank_coin: 1,
    currency_code: 'USD',
    bank_name: 'First Harbour Bank',
    bank_address: '1 Harbour Road, Hong Kong',
    bank_swift: 'FHBKHKHH',
    payee_name: 'Meridian Markets Ltd',
    payee_account: '012-345678-901',
    bank_remark: 'Put your UID in the transfer reference.',
    branch_name: '',
    placeholder: 0,
    ...overrides,
  };
}

export function drawCurrencyFixture(overrides: Partial<DrawCurrency> = {}): DrawCurrency {
  return {
    id: 1,
    type: 1,
    code: 'USDT',
    protocol: 'TRC20',
    draw_rate: '1',
    fee_type: 1,
    usd_price: '1',
    min: '10',
    max: '0',
    ...overrides,
  };
}

export function drawMethodFixture(overrides: Partial<DrawMethod> = {}): DrawMethod {
  return {
    id: 31,
    type: 1,
    dc_address: TRC20_CUSTOMER_ADDRESS,
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
    draw_currency: { id: 1, code: 'USDT', protocol: 'TRC20' },
    created_at: '2026-11-20 08:00:00',
    created_time: Date.UTC(2026, 10, 20, 8),
    ...overrides,
  };
}

export function depositRecordFixture(overrides: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id: 11,
    number: '500',
    type: 0,
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: TRC20_PLATFORM_ADDRESS,
    bank_name: '',
    status: 0,
    status_name: 'Unchecked',
    remark: '',
    amount: '0',
    proof_img: '/api/image/abc.png?exp=1&sig=x',
    created_at: '2026-11-21 09:30:00',
    created_time: Date.UTC(2026, 10, 21, 9, 30),
    reviewed_time: 0,
    ...overrides,
  };
}

export function withdrawRecordFixture(overrides: Partial<WithdrawRecord> = {}): WithdrawRecord {
  return {
    id: 21,
    number: '100',
    real_number: '99.00',
    draw_currency: { id: 1, code: 'USDT', protocol: 'TRC20' },
    fee: '1',
    usd_price: '1',
    status: 0,
    status_name: 'Unchecked',
    created_at: '2026-11-21 10:00:00',
    created_time: Date.UTC(2026, 10, 21, 10),
    type: 1,
    address: TRC20_CUSTOMER_ADDRESS,
    payee_account: '',
    bank_name: '',
    memo: '',
    notes: '',
    payout_reference: '',
    reviewed_time: 0,
    ...overrides,
  };
}

/** The account figures of a real customer with `balance` available. */
export function accountDetailFixture(balance: string, lockBalance = '0') {
  return {
    balance,
    lock_balance: lockBalance,
    margin: '0',
    pending_margin: '0',
    floating_profit: '0',
    net_value: balance,
    risk_rate: null,
    stop_out_level: '50',
    currency: 'USDT',
    is_demo: 0,
  };
}

/** The identity review's state (review_status 0 form, 1 under review, 2 verified). */
export function realNameCenterFixture(reviewStatus: 0 | 1 | 2) {
  const states = ['none', 'pending', 'verified'] as const;
  return {
    review_status: reviewStatus,
    state: states[reviewStatus],
    name: reviewStatus === REVIEW_STATUS.form ? '' : 'Ana Lima',
    card_id: reviewStatus === REVIEW_STATUS.form ? '' : 'A1****89',
    front_pic: '',
    reverse_pic: '',
    reason: '',
    submitted_at: '',
    reviewed_at: '',
  };
}
