import { describe, expect, it } from 'vitest';
import {
  approveDepositCredit,
  creditDiffers,
  creditOutsideTolerance,
  depositApprovalsNeeded,
} from './deposit-four-eyes';

const terms = { suggested: '100.00', tolerancePercent: '1', fourEyesThresholdUsd: '10000' };

describe('deposit credits under four-eyes', () => {
  it('tolerates a difference up to the percentage, exactly at it included', () => {
    expect(creditOutsideTolerance('101.00', '100.00', '1')).toBe(false);
    expect(creditOutsideTolerance('99.00', '100.00', '1')).toBe(false);
    expect(creditOutsideTolerance('101.01', '100.00', '1')).toBe(true);
    expect(creditOutsideTolerance('98.99', '100.00', '1')).toBe(true);
    expect(creditOutsideTolerance('0.01', '0', '1')).toBe(true);
    expect(creditOutsideTolerance('100.00', '100.00', '0')).toBe(false);
  });

  it('flags any difference, within the tolerance too', () => {
    expect(creditDiffers('100.50', '100.00')).toBe(true);
    expect(creditDiffers('100', '100.00')).toBe(false);
  });

  it('needs two approvers outside the tolerance or strictly above the threshold', () => {
    expect(depositApprovalsNeeded({ ...terms, credit: '100.00' })).toBe(1);
    expect(depositApprovalsNeeded({ ...terms, credit: '101.00' })).toBe(1);
    expect(depositApprovalsNeeded({ ...terms, credit: '250000' })).toBe(2);
    const large = { ...terms, suggested: '10000.00' };
    expect(depositApprovalsNeeded({ ...large, credit: '10000.00' })).toBe(1);
    expect(depositApprovalsNeeded({ ...large, credit: '10000.01' })).toBe(2);
  });

  it('a first approval waits; the second must be another person, of the same amount', () => {
    expect(
      approveDepositCredit({ firstApproval: undefined, staffId: 1, amount: '5', approvalsNeeded: 1 }),
    ).toEqual({
      ok: true,
      value: 'credit',
    });
    expect(
      approveDepositCredit({ firstApproval: undefined, staffId: 1, amount: '5', approvalsNeeded: 2 }),
    ).toEqual({
      ok: true,
      value: 'first',
    });
    const firstApproval = { staffId: 1, amount: '250000.00000000' };
    expect(
      approveDepositCredit({ firstApproval, staffId: 1, amount: '250000', approvalsNeeded: 2 }),
    ).toMatchObject({
      ok: false,
      reason: 'approved_already_by_you',
    });
    expect(
      approveDepositCredit({ firstApproval, staffId: 2, amount: '100', approvalsNeeded: 1 }),
    ).toMatchObject({
      ok: false,
      reason: 'amount_differs_from_first',
      params: { amount: '250000.00' },
    });
    expect(approveDepositCredit({ firstApproval, staffId: 2, amount: '250000', approvalsNeeded: 2 })).toEqual(
      {
        ok: true,
        value: 'credit',
      },
    );
  });
});
