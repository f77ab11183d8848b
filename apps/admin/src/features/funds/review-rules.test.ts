import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import { describe, expect, it } from 'vitest';
import {
  depositApproval,
  depositDecisionState,
  sameAmount,
  sameStaffAlertOf,
  withdrawalApprovalPays,
  withdrawalPayment,
} from './review-rules';

const TERMS = { fourEyesThresholdUsd: '10000', tolerancePercent: '1' };
const ANN = { id: 7, name: 'Ann' };
const AT = '2026-11-27T10:41:07.000Z';

function deposit(overrides: Partial<Parameters<typeof depositDecisionState>[0]> = {}) {
  return {
    id: 41,
    status: FUNDS_STATUS.unchecked as number,
    approvals: [],
    approvals_needed: 1,
    suggested_amount: '100.00',
    flags: [],
    ...overrides,
  };
}

describe('sameAmount', () => {
  it('compares decimal texts by value; text that is no number is never the same', () => {
    expect(sameAmount('80', '80.00')).toBe(true);
    expect(sameAmount(' 080.5 ', '80.50')).toBe(true);
    expect(sameAmount('80.01', '80')).toBe(false);
    expect(sameAmount('abc', 'abc')).toBe(false);
    expect(sameAmount('', '')).toBe(false);
  });
});

describe('depositDecisionState', () => {
  it('starts from the suggested amount: not corrected, one approval', () => {
    const state = depositDecisionState(deposit(), undefined, TERMS);
    expect(state).toEqual({
      waiting: true,
      first: undefined,
      amount: '100.00',
      corrected: false,
      needsSecond: false,
      approvalsShown: 1,
      flags: [],
    });
  });

  it('flags a corrected credit and previews a second approval outside the tolerance', () => {
    const state = depositDecisionState(deposit({ flags: ['first_deposit'] }), '150', TERMS);
    expect(state.corrected).toBe(true);
    expect(state.needsSecond).toBe(true);
    expect(state.approvalsShown).toBe(2);
    expect(state.flags).toEqual(['credit_differs', 'first_deposit']);
  });

  it('previews a second approval above the threshold, within the tolerance', () => {
    const state = depositDecisionState(deposit({ suggested_amount: '20000.00' }), '20000', TERMS);
    expect(state.corrected).toBe(false);
    expect(state.needsSecond).toBe(true);
  });

  it('previews nothing for a credit the form would refuse', () => {
    expect(depositDecisionState(deposit(), '1.234', TERMS).needsSecond).toBe(false);
    expect(depositDecisionState(deposit(), 'abc', TERMS).needsSecond).toBe(false);
  });

  it("shows the first approval's amount to the second approver, who needs no preview", () => {
    const first = { staff: ANN, at: AT, amount: '150.00', reason: 'short' };
    const state = depositDecisionState(
      deposit({ approvals: [first], approvals_needed: 2 }),
      undefined,
      TERMS,
    );
    expect(state.first).toBe(first);
    expect(state.amount).toBe('150.00');
    expect(state.needsSecond).toBe(false);
    expect(state.approvalsShown).toBe(2);
  });

  it('neither adds a flag nor reads a first approval once the deposit is decided', () => {
    const first = { staff: ANN, at: AT, amount: '150.00', reason: 'short' };
    const decided = deposit({ status: FUNDS_STATUS.finished, approvals: [first] });
    const state = depositDecisionState(decided, '150', TERMS);
    expect(state.waiting).toBe(false);
    expect(state.first).toBeUndefined();
    expect(state.flags).toEqual([]);
  });

  it('keeps a "credit differs" flag the server already gave', () => {
    const state = depositDecisionState(deposit({ flags: ['credit_differs'] }), '150', TERMS);
    expect(state.flags).toEqual(['credit_differs']);
  });
});

describe('depositApproval', () => {
  const values = { amount: '150', reason: '  short paid  ' };

  it('sends the id alone for the suggested amount', () => {
    expect(depositApproval({ id: 41 }, { first: undefined, corrected: false }, values)).toEqual({ id: 41 });
  });

  it('sends a corrected credit with its trimmed reason', () => {
    expect(depositApproval({ id: 41 }, { first: undefined, corrected: true }, values)).toEqual({
      id: 41,
      amount: '150',
      reason: 'short paid',
    });
  });

  it("sends the first approval's amount on the second approval", () => {
    const first = { staff: ANN, at: AT, amount: '150.00', reason: 'short' };
    expect(depositApproval({ id: 41 }, { first, corrected: true }, values)).toEqual({
      id: 41,
      amount: '150.00',
    });
  });
});

describe('withdrawal approval', () => {
  const approval = { staff: ANN, at: AT };

  it('pays on the last approval needed', () => {
    expect(withdrawalApprovalPays({ approvals: [], approvals_needed: 1 })).toBe(true);
    expect(withdrawalApprovalPays({ approvals: [], approvals_needed: 2 })).toBe(false);
    expect(withdrawalApprovalPays({ approvals: [approval], approvals_needed: 2 })).toBe(true);
  });

  it('sends the payout reference only when it pays, and the notes only when written', () => {
    expect(withdrawalPayment({ id: 9 }, true, { reference: 'tx-1', notes: '' })).toEqual({
      id: 9,
      payout_reference: 'tx-1',
    });
    expect(withdrawalPayment({ id: 9 }, false, { reference: 'tx-1', notes: 'checked' })).toEqual({
      id: 9,
      notes: 'checked',
    });
  });
});

describe('sameStaffAlertOf', () => {
  const t = (key: string) => `[${key}]`;
  const approvals = [{ staff: ANN, at: AT }];

  it("tells the one who approved first why they cannot approve again, in the record's words", () => {
    expect(sameStaffAlertOf(t, 'deposit', approvals, ANN.id)).toEqual({
      title: '[funds.deposit.sameStaffTitle]',
      text: '[funds.deposit.sameStaffText]',
    });
    expect(sameStaffAlertOf(t, 'withdrawal', approvals, ANN.id)?.title).toBe(
      '[funds.withdrawal.sameStaffTitle]',
    );
  });

  it('says nothing to anyone else', () => {
    expect(sameStaffAlertOf(t, 'deposit', approvals, 8)).toBeUndefined();
    expect(sameStaffAlertOf(t, 'deposit', [], ANN.id)).toBeUndefined();
  });
});
