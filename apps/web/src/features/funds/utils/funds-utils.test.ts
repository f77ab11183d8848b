import type { DepositPage, FundsRecordPush } from '@meridian/contract/funds';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  depositRecordFixture,
  drawCurrencyFixture,
  drawMethodFixture,
  withdrawRecordFixture,
} from '../../../testing/funds-fixtures';
import { bindFields, bindProblems, EMPTY_BIND_DRAFT } from './bind-checks';
import { depositProblems } from './deposit-checks';
import { accountEnd, methodLine, shortened } from './method-text';
import { outcomeMessage } from './outcome-message';
import { recordsOf, withRecordReplaced } from './record-pages';
import { withdrawPreview, withdrawProblems } from './withdraw-checks';

const USDT = drawCurrencyFixture({ min: '10', max: '5000' });
const PROOF = { name: 'a.png', url: '/api/image/a.png' };

describe('deposit checks', () => {
  const bounds = { min: '10', max: '0', decimals: 2 };
  it('asks for the amount first (spec: enter charge amount) and for the proof', () => {
    expect(depositProblems({ amount: '', proof: undefined }, bounds)).toEqual({
      amount: { key: 'funds.deposit.enterChargeAmount' },
      proof: { key: 'funds.deposit.proofRequired' },
    });
  });

  it('names the domain rule an amount breaks, with its figure', () => {
    expect(depositProblems({ amount: '0', proof: PROOF }, bounds).amount?.key).toBe(
      'validation.amount_positive',
    );
    expect(depositProblems({ amount: '9.99', proof: PROOF }, bounds).amount).toEqual({
      key: 'validation.amount_below_minimum',
      params: { min: '10' },
    });
    expect(depositProblems({ amount: '10.001', proof: PROOF }, bounds).amount).toEqual({
      key: 'validation.amount_decimals',
      params: { places: '2' },
    });
    expect(depositProblems({ amount: '10', proof: PROOF }, bounds)).toEqual({});
  });
});

describe('withdrawal checks', () => {
  const draft = { amount: '100', methodId: 31, password: 'secret12' };
  it('wants an address (spec: enter withdrawal address), an amount and the password', () => {
    expect(withdrawProblems({ amount: '', methodId: undefined, password: '' }, USDT, '1000')).toEqual({
      method: { key: 'funds.withdraw.enterAddress' },
      amount: { key: 'funds.withdraw.enterAmount' },
      password: { key: 'funds.withdraw.enterPassword' },
    });
    expect(withdrawProblems(draft, USDT, '1000')).toEqual({});
  });

  it('refuses more than the available balance, exactly at it is fine', () => {
    expect(withdrawProblems({ ...draft, amount: '1000.01' }, USDT, '1000.005').amount?.key).toBe(
      'funds.withdraw.overAvailable',
    );
    expect(withdrawProblems({ ...draft, amount: '1000' }, USDT, '1000')).toEqual({});
    expect(withdrawProblems({ ...draft, amount: '5000.01' }, USDT, '9000').amount).toEqual({
      key: 'validation.amount_above_maximum',
      params: { max: '5000' },
    });
  });

  it('previews fee and receive with the domain function, nothing for no amount', () => {
    expect(withdrawPreview('', USDT)).toBeUndefined();
    expect(withdrawPreview('0', USDT)).toBeUndefined();
    expect(withdrawPreview('abc', USDT)).toBeUndefined();
    expect(withdrawPreview('100', USDT)).toEqual({ fee: '1', receive: '99.00' });
    expect(withdrawPreview('0.99', USDT)).toEqual({ fee: '1', receive: '0.00' });
    const hkd = drawCurrencyFixture({ fee_type: 2, draw_rate: '0.01', usd_price: '7.8' });
    expect(withdrawPreview('100', hkd)).toEqual({ fee: '1', receive: '772.20' });
  });
});

describe('bind checks', () => {
  it('asks for the address of a coin method and the bank, holder and account of a bank one', () => {
    expect(bindProblems(1, EMPTY_BIND_DRAFT)).toEqual({ dc_address: { key: 'funds.withdraw.enterAddress' } });
    expect(Object.keys(bindProblems(2, EMPTY_BIND_DRAFT))).toEqual([
      'bank_name',
      'payee_name',
      'payee_account',
    ]);
    expect(
      bindProblems(2, { ...EMPTY_BIND_DRAFT, bank_name: 'B', payee_name: 'P', payee_account: '1' }),
    ).toEqual({});
  });

  it('sends only the fields of the kind, trimmed, the SWIFT code without spaces in capitals', () => {
    const draft = { ...EMPTY_BIND_DRAFT, dc_address: ' T1 ', bank_name: ' B ', bank_swift: 'abcd ef gh' };
    expect(bindFields(1, draft)).toEqual({ dc_address: 'T1' });
    expect(bindFields(2, draft)).toMatchObject({ bank_name: 'B', bank_swift: 'ABCDEFGH' });
  });
});

describe('record pages', () => {
  const page = (ids: number[], number: number): DepositPage => ({
    list: ids.map((id) => depositRecordFixture({ id })),
    total: 3,
    page: number,
    limit: 2,
  });
  const data: InfiniteData<DepositPage, number> = {
    pages: [page([3, 2], 1), page([2, 1], 2)],
    pageParams: [1, 2],
  };

  it('replaces a pushed record wherever it is loaded, and says when it is not', () => {
    const pushed = depositRecordFixture({ id: 2, status: 1 });
    const replaced = withRecordReplaced(data, pushed);
    expect(replaced?.pages.flatMap((one) => one.list.map((record) => record.status))).toEqual([0, 1, 1, 0]);
    expect(withRecordReplaced(data, depositRecordFixture({ id: 9 }))).toBeUndefined();
    expect(withRecordReplaced(undefined, pushed)).toBeUndefined();
  });

  it('lists each record once, in order', () => {
    expect(recordsOf(data.pages).map((record) => record.id)).toEqual([3, 2, 1]);
  });
});

describe('outcome messages', () => {
  const push = (record: FundsRecordPush['record'], kind: 'deposit' | 'withdrawal') =>
    ({ kind, outcome: 'approved', record, balance: '0', lock_balance: '0' }) as FundsRecordPush;

  it('tells the outcome by the record state; a first of two approvals tells nothing yet', () => {
    expect(outcomeMessage(push(depositRecordFixture({ status: 1, amount: '500' }), 'deposit'))).toEqual({
      key: 'funds.outcome.depositApproved',
      params: { amount: '500', currency: 'USDT', credited: '500.00' },
    });
    expect(outcomeMessage(push(depositRecordFixture({ status: 3 }), 'deposit'))?.key).toBe(
      'funds.outcome.depositInvalid',
    );
    expect(outcomeMessage(push(withdrawRecordFixture({ status: 1 }), 'withdrawal'))?.key).toBe(
      'funds.outcome.withdrawalPaid',
    );
    expect(outcomeMessage(push(withdrawRecordFixture({ status: 0 }), 'withdrawal'))).toBeUndefined();
  });
});

describe('method text', () => {
  it('shortens long addresses in the middle for lists, and shows a bank account by its last digits', () => {
    expect(shortened('TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe('TN3W4H…oxb3m9');
    expect(shortened('short')).toBe('short');
    expect(accountEnd('DE89370400440532013000')).toBe('•••• 3000');
    expect(methodLine(drawMethodFixture())).toBe('TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9');
    expect(methodLine(drawMethodFixture({ type: 2, bank_name: 'HSB', payee_account: '12345678' }))).toBe(
      'HSB •••• 5678',
    );
  });
});
