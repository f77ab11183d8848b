import type { SessionData } from '@meridian/contract/auth';
import type { CustomerDetail } from '@meridian/contract/customers-staff';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { STAFF_ROLES, type StaffRole } from '@meridian/contract/staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  CUSTOMER_IDENTITY,
  fund,
  reportDeposit,
  type StaffLogin,
  submittedCustomer,
  verifiedCustomer,
} from '../../../test/funds';
import { routeTable } from '../../../test/route-list';
import { adminCall, staffSession } from '../../../test/staff';

/*
 * Least privilege on identity data: a customer's legal name and ID number in
 * full only for compliance and admins; masked (as the customer's own app masks the ID number) for
 * support and finance; content never reaches them. Each of the five roles against each answer that
 * carries them, and a walk of every back-office read as support and finance looking for the full
 * values anywhere.
 */

const FULL: { name: string; card_id: string } = { ...CUSTOMER_IDENTITY };
const MASKED = { name: 'Ch********an', card_id: 'A1****67' };
const EXPECTED: Record<StaffRole, typeof FULL | 'refused'> = {
  admin: FULL,
  compliance: FULL,
  support: MASKED,
  finance: MASKED,
  content: 'refused',
};
const FORBIDDEN = { code: 0, msg: 'Your role does not allow this.', data: null };

const t = useTestApp();
const staff = {} as Record<StaffRole, StaffLogin>;
let verified: SessionData;

beforeAll(async () => {
  for (const role of STAFF_ROLES) staff[role] = await staffSession(t, role, `Masking ${role}`);
  verified = await verifiedCustomer(t, staff.compliance, 'masking');
  // Every kind of record the back office shows about the customer: a credited and a waiting
  // deposit, a conversation with the agents.
  await fund(t, verified.token, staff.finance, '120');
  await reportDeposit(t, verified.token, '30');
  await call(t, 'POST', '/api/support/send', { text: 'Hello, about my deposit' }, { token: verified.token });
});

describe('identity data per role', () => {
  it("a customer's page: full for compliance and admin, masked for support and finance, refused to content", async () => {
    for (const role of STAFF_ROLES) {
      const answer = await adminCall<CustomerDetail>(
        t,
        'GET',
        '/admin/api/customers/detail',
        { id: verified.user.id },
        staff[role].token,
      );
      const expected = EXPECTED[role];
      if (expected === 'refused') expect({ role, answer }).toEqual({ role, answer: FORBIDDEN });
      else {
        expect({ role, code: answer.code }).toEqual({ role, code: 1 });
        expect({ role, name: answer.data.identity.name, card_id: answer.data.identity.card_id }).toEqual({
          role,
          ...expected,
        });
        expect(answer.data.identity.state).toBe('verified');
      }
    }
  });

  it('the identity queue and a review: in full to compliance and admin, refused to every other role', async () => {
    const waiting = await submittedCustomer(t, 'masking-queue');
    let reviewed = false;
    for (const role of STAFF_ROLES) {
      const queue = await adminCall<{ list: StaffSubmission[] }>(
        t,
        'GET',
        '/admin/api/kyc/submissions',
        { user_id: waiting.user.id, state: 'all' },
        staff[role].token,
      );
      const expected = EXPECTED[role];
      if (expected !== FULL) {
        expect({ role, queue }).toEqual({ role, queue: FORBIDDEN });
        continue;
      }
      const submission = queue.data.list[0];
      expect({ role, name: submission?.name, card_id: submission?.card_id }).toEqual({ role, ...FULL });
      if (reviewed || !submission) continue;
      const review = await adminCall<StaffSubmission>(
        t,
        'POST',
        '/admin/api/kyc/review',
        { id: submission.id, decision: 'reject', reason: 'The photo is blurred.' },
        staff[role].token,
      );
      expect({ role, name: review.data.name, card_id: review.data.card_id }).toEqual({ role, ...FULL });
      reviewed = true;
    }
    expect(reviewed).toBe(true);
    for (const role of ['support', 'finance', 'content'] as const) {
      const review = await adminCall(
        t,
        'POST',
        '/admin/api/kyc/review',
        { id: 1, decision: 'approve' },
        staff[role].token,
      );
      expect({ role, review }).toEqual({ role, review: FORBIDDEN });
    }
  });

  it('no back-office read shows support or finance the full name or ID number anywhere', async () => {
    const conversations = await adminCall<{ list: { id: number; user: { id: number } }[] }>(
      t,
      'GET',
      '/admin/api/support/conversations',
      { status: 'all' },
      staff.admin.token,
    );
    const conversation = conversations.data.list.find((item) => item.user.id === verified.user.id);
    expect(conversation).toBeDefined();
    // Every field a read might take to name this customer or their records.
    const fields = {
      id: verified.user.id,
      user_id: verified.user.id,
      conversation_id: conversation?.id ?? 0,
      q: verified.user.email,
      state: 'all',
      status: 'all',
    };
    const reads = routeTable(t.app)
      .filter((route) => route.startsWith('GET /admin/api/') && !route.includes(':'))
      .map((route) => route.slice('GET '.length));
    expect(reads.length).toBeGreaterThan(15);
    for (const role of ['support', 'finance'] as const) {
      let answered = 0;
      for (const url of reads) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${url}?${new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]))}`,
          headers: { lang: 'en', authorization: staff[role].token },
        });
        if (response.json().code === 1) answered += 1;
        expect({
          role,
          url,
          leaks: response.body.includes(FULL.card_id) || response.body.includes(FULL.name),
        }).toEqual({
          role,
          url,
          leaks: false,
        });
      }
      // The walk reached the customer's page, their ledger and notes, and the role's own queues.
      expect(answered).toBeGreaterThan(4);
    }
  });
});
