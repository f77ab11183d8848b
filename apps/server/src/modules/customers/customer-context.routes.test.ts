import type { CustomerContext } from '@meridian/contract/customer-context-staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, PASSWORD, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  auditActions,
  bindTron,
  financeStaff,
  fund,
  reportDeposit,
  type StaffLogin,
  verifiedCustomer,
  withdraw,
} from '../../../test/funds';
import { adminCall, staffSession } from '../../../test/staff';

// The customer's context in the review drawers: one call, for reviewers only.

const t = useTestApp();
let compliance: StaffLogin;
let finance: StaffLogin;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance');
  finance = await financeStaff(t);
});

const contextOf = (userId: number, staff: StaffLogin) =>
  adminCall<CustomerContext>(t, 'GET', '/admin/api/customers/context', { user_id: userId }, staff.token);

describe('the customer context of the review drawers', () => {
  it('answers identity state, balances and the latest deposits and withdrawals, audited', async () => {
    const customer = await verifiedCustomer(t, compliance, 'context');
    await fund(t, customer.token, finance, '300');
    const waiting = await reportDeposit(t, customer.token, '50');
    const method = await bindTron(t, customer.token);
    const withdrawal = await withdraw(t, customer.token, method, '100', PASSWORD);
    expect(withdrawal.code).toBe(1);

    const answer = await contextOf(customer.user.id, finance);
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({
      customer: { id: customer.user.id, uid: customer.user.uid, email: customer.user.email },
      identity_state: 'verified',
      balance: '200',
      lock_balance: '100',
      deposits_total: 2,
      withdrawals_total: 1,
    });
    expect(answer.data.deposits.map((one) => [one.id, one.status, one.amount])).toEqual([
      [waiting.id, 0, '0'],
      [expect.any(Number), 1, '300.00'],
    ]);
    expect(answer.data.withdrawals[0]).toMatchObject({ id: withdrawal.data.id, number: '100.00', status: 0 });
    expect(await auditActions(t, finance.id)).toContain('customer.context_read');
  });

  it('is for whoever reviews: finance, compliance and admin, not support or content', async () => {
    const customer = await registerByEmail(t, freshEmail('context-roles'));
    const admin = await staffSession(t, 'admin');
    for (const reviewer of [finance, compliance, admin]) {
      const answer = await contextOf(customer.user.id, reviewer);
      expect(answer.code).toBe(1);
      expect(answer.data).toMatchObject({ identity_state: 'none', deposits: [], withdrawals: [] });
    }
    for (const role of ['support', 'content'] as const) {
      const other = await staffSession(t, role);
      expect(await contextOf(customer.user.id, other)).toMatchObject({
        code: 0,
        msg: 'Your role does not allow this.',
      });
      expect(await auditActions(t, other.id)).not.toContain('customer.context_read');
    }
  });

  it('refuses an unknown customer and a malformed id', async () => {
    expect((await contextOf(99_999_999, finance)).msg).toBe('This customer does not exist.');
    const malformed = await adminCall(
      t,
      'GET',
      '/admin/api/customers/context',
      { user_id: 'abc' },
      finance.token,
    );
    expect(malformed.code).toBe(0);
  });
});
