import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFundsAmount } from './funds-amount';
import {
  approvalsNeeded,
  approveWithdrawal,
  type DepositEvent,
  type DepositState,
  depositStatusOf,
  rejectWithdrawal,
  transitionDeposit,
  type WithdrawalState,
  withdrawalStatusOf,
} from './funds-states';
import { toDecimal } from './money';
import { depositCredit, moneyText, withdrawFeeTypeOf, withdrawFigures } from './withdraw-figures';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);

/** Amounts as a withdrawal takes them: USDT at cents. */
const amount = fc.integer({ min: 1, max: 10 ** 11 }).map((units) => decimalText(units, 2));
const rate = fc.integer({ min: 0, max: 2 * 10 ** 8 }).map((units) => decimalText(units, 8));
const fixedFee = fc.integer({ min: 0, max: 10 ** 6 }).map((units) => decimalText(units, 2));
const price = fc.integer({ min: 1, max: 10 ** 12 }).map((units) => decimalText(units, 6));
const terms = fc.oneof(
  fc.record({ feeType: fc.constant('rate' as const), drawRate: rate, usdPrice: price }),
  fc.record({ feeType: fc.constant('fixed' as const), drawRate: fixedFee, usdPrice: price }),
);

describe('withdrawal fee and receive amount', () => {
  it('reads fee_type 1 as a fixed fee and anything else as a rate', () => {
    expect(withdrawFeeTypeOf(1)).toBe('fixed');
    expect(withdrawFeeTypeOf(0)).toBe('rate');
    expect(withdrawFeeTypeOf(2)).toBe('rate');
  });

  it('computes the worked examples', () => {
    expect(withdrawFigures('100', { feeType: 'fixed', drawRate: '1', usdPrice: '1' })).toEqual({
      fee: '1',
      receive: '99.00',
    });
    expect(withdrawFigures('100', { feeType: 'rate', drawRate: '0.005', usdPrice: '7.8' })).toEqual({
      fee: '0.5',
      receive: '776.10',
    });
    // (10.01 - 0.01001) x 0.333 = 3.32999667 -> 3.32 (down, never up)
    expect(withdrawFigures('10.01', { feeType: 'rate', drawRate: '0.001', usdPrice: '0.333' })).toEqual({
      fee: '0.01001',
      receive: '3.32',
    });
    // The fee takes it all: 0, never negative.
    expect(withdrawFigures('2', { feeType: 'fixed', drawRate: '5', usdPrice: '1' }).receive).toBe('0.00');
    // A rate fee is rounded up at 8 places: 0.01 x 0.123456789 = 0.00123456789 -> 0.00123457.
    expect(withdrawFigures('0.01', { feeType: 'rate', drawRate: '0.123456789', usdPrice: '1' }).fee).toBe(
      '0.00123457',
    );
  });

  it('is floored at 0 and has exactly 2 decimals', () => {
    fc.assert(
      fc.property(amount, terms, (number, withdraw) => {
        const { receive } = withdrawFigures(number, withdraw);
        expect(receive).toMatch(/^\d+\.\d{2}$/);
        expect(toDecimal(receive).gte(0)).toBe(true);
        // Never more than the exact figure, and less by under a cent.
        const exact = toDecimal(number).minus(withdrawFigures(number, withdraw).fee).times(withdraw.usdPrice);
        const expected = exact.gt(0) ? exact : toDecimal(0);
        expect(toDecimal(receive).lte(expected)).toBe(true);
        expect(expected.minus(receive).lt('0.01')).toBe(true);
      }),
    );
  });

  it('is monotone in the amount: more withdrawn never receives less', () => {
    fc.assert(
      fc.property(amount, amount, terms, (first, second, withdraw) => {
        const [low, high] = toDecimal(first).lte(second) ? [first, second] : [second, first];
        const lowReceive = toDecimal(withdrawFigures(low, withdraw).receive);
        expect(lowReceive.lte(withdrawFigures(high, withdraw).receive)).toBe(true);
      }),
    );
  });

  it('charges a rate fee never under the rate, by less than one stored unit', () => {
    fc.assert(
      fc.property(amount, rate, (number, drawRate) => {
        const { fee } = withdrawFigures(number, { feeType: 'rate', drawRate, usdPrice: '1' });
        const exact = toDecimal(number).times(drawRate);
        expect(toDecimal(fee).gte(exact)).toBe(true);
        expect(toDecimal(fee).minus(exact).lt('0.00000001')).toBe(true);
      }),
    );
  });

  it('refuses a catalogue fault loudly: a negative rate or a price of 0', () => {
    expect(() => withdrawFigures('1', { feeType: 'rate', drawRate: '-0.1', usdPrice: '1' })).toThrow();
    expect(() => withdrawFigures('1', { feeType: 'rate', drawRate: '0.1', usdPrice: '0' })).toThrow();
  });
});

describe('deposit credit and money texts', () => {
  it('credits number x USD per unit, 2 places rounded down', () => {
    expect(depositCredit('0.015', '61234.567')).toBe('918.51');
    expect(depositCredit('1000', '1')).toBe('1000.00');
    expect(depositCredit('1000', '0.128205')).toBe('128.20');
  });

  it('shows money with at least 2 places', () => {
    expect(moneyText('1.5')).toBe('1.50');
    expect(moneyText('0.12345000')).toBe('0.12345');
    expect(moneyText('100.00000000')).toBe('100.00');
  });
});

describe('an amount to deposit or withdraw', () => {
  const limits = { decimalsMax: 2, min: '10', max: '50000' };
  it('accepts a number within the bounds and answers it plainly', () => {
    expect(checkFundsAmount('10', limits)).toEqual({ ok: true, value: '10' });
    expect(checkFundsAmount('50000.00', limits)).toEqual({ ok: true, value: '50000' });
    expect(checkFundsAmount(12.5, limits)).toEqual({ ok: true, value: '12.5' });
  });

  it('refuses, in order: not a number, zero or less, too many places, below, above', () => {
    expect(checkFundsAmount('abc', limits)).toMatchObject({ ok: false, reason: 'validation.amount_invalid' });
    expect(checkFundsAmount('0', limits)).toMatchObject({ ok: false, reason: 'validation.amount_positive' });
    expect(checkFundsAmount('-5', limits)).toMatchObject({ ok: false, reason: 'validation.amount_positive' });
    expect(checkFundsAmount('10.001', limits)).toMatchObject({
      ok: false,
      reason: 'validation.amount_decimals',
      params: { places: '2' },
    });
    expect(checkFundsAmount('9.99', limits)).toMatchObject({
      ok: false,
      reason: 'validation.amount_below_minimum',
      params: { min: '10' },
    });
    expect(checkFundsAmount('50000.01', limits)).toMatchObject({
      ok: false,
      reason: 'validation.amount_above_maximum',
      params: { max: '50000' },
    });
  });

  it('has no maximum when max is 0', () => {
    expect(checkFundsAmount('123456789', { decimalsMax: 8, min: '0', max: '0' }).ok).toBe(true);
  });
});

const DEPOSIT_STATES: DepositState[] = ['pending', 'finished', 'rejected', 'invalid'];
const DEPOSIT_EVENTS: DepositEvent[] = ['approve', 'reject', 'invalidate'];
const WITHDRAWAL_STATES: WithdrawalState[] = ['pending', 'approved', 'paid', 'rejected'];

describe('the deposit state machine', () => {
  it('moves a pending deposit to finished, rejected or invalid, and nothing else anywhere', () => {
    expect(transitionDeposit('pending', 'approve')).toEqual({ ok: true, value: 'finished' });
    expect(transitionDeposit('pending', 'reject')).toEqual({ ok: true, value: 'rejected' });
    expect(transitionDeposit('pending', 'invalidate')).toEqual({ ok: true, value: 'invalid' });
    for (const state of DEPOSIT_STATES.filter((one) => one !== 'pending'))
      for (const event of DEPOSIT_EVENTS)
        expect(transitionDeposit(state, event)).toMatchObject({ ok: false, reason: 'not_pending' });
  });

  it('never leaves a final state, whatever sequence of events comes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DEPOSIT_EVENTS), { maxLength: 12 }), (events) => {
        let state: DepositState = 'pending';
        let moves = 0;
        for (const event of events) {
          const next = transitionDeposit(state, event);
          if (next.ok) {
            state = next.value;
            moves += 1;
          }
        }
        expect(moves).toBe(events.length === 0 ? 0 : 1);
        expect(depositStatusOf(state)).toBe(
          events.length === 0 ? 0 : { approve: 1, reject: 2, invalidate: 3 }[events[0]!],
        );
      }),
    );
  });
});

describe('the withdrawal state machine and four-eyes', () => {
  it('needs two approvals above the threshold only', () => {
    expect(approvalsNeeded('10000', '10000')).toBe(1);
    expect(approvalsNeeded('10000.01', '10000')).toBe(2);
    expect(approvalsNeeded('5', '10000')).toBe(1);
  });

  it('pays with one approval, or approves then pays with two different people', () => {
    expect(approveWithdrawal('pending', { approverIds: [], staffId: 1, approvalsNeeded: 1 })).toEqual({
      ok: true,
      value: 'paid',
    });
    expect(approveWithdrawal('pending', { approverIds: [], staffId: 1, approvalsNeeded: 2 })).toEqual({
      ok: true,
      value: 'approved',
    });
    expect(approveWithdrawal('approved', { approverIds: [1], staffId: 1, approvalsNeeded: 2 })).toMatchObject(
      {
        ok: false,
        reason: 'approved_already_by_you',
      },
    );
    expect(approveWithdrawal('approved', { approverIds: [1], staffId: 2, approvalsNeeded: 2 })).toEqual({
      ok: true,
      value: 'paid',
    });
  });

  it('refuses every move out of paid or rejected, and rejects only what waits', () => {
    for (const state of ['paid', 'rejected'] as const) {
      expect(approveWithdrawal(state, { approverIds: [], staffId: 1, approvalsNeeded: 1 }).ok).toBe(false);
      expect(rejectWithdrawal(state).ok).toBe(false);
    }
    expect(rejectWithdrawal('pending')).toEqual({ ok: true, value: 'rejected' });
    expect(rejectWithdrawal('approved')).toEqual({ ok: true, value: 'rejected' });
  });

  it('pays only after as many different approvers as needed, and ends at most once (property)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('approve' as const), staffId: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('reject' as const) }),
    );
    fc.assert(
      fc.property(fc.constantFrom<1 | 2>(1, 2), fc.array(step, { maxLength: 10 }), (needed, steps) => {
        let state: WithdrawalState = 'pending';
        const approvers: number[] = [];
        let endings = 0;
        for (const one of steps) {
          if (one.kind === 'approve') {
            const next = approveWithdrawal(state, {
              approverIds: approvers,
              staffId: one.staffId,
              approvalsNeeded: needed,
            });
            if (!next.ok) continue;
            approvers.push(one.staffId);
            state = next.value;
          } else {
            const next = rejectWithdrawal(state);
            if (!next.ok) continue;
            state = next.value;
          }
          if (state === 'paid' || state === 'rejected') endings += 1;
        }
        expect(endings).toBeLessThanOrEqual(1);
        if (state === 'paid') expect(new Set(approvers).size).toBe(needed);
        expect(new Set(approvers).size).toBe(approvers.length);
        expect(WITHDRAWAL_STATES).toContain(state);
        expect(withdrawalStatusOf(state)).toBe({ pending: 0, approved: 0, paid: 1, rejected: 2 }[state]);
      }),
    );
  });
});
