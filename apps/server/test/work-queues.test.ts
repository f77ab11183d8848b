import type { StaffDeposit, StaffWithdrawal } from '@meridian/contract/funds-staff';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import type { ConversationSummary } from '@meridian/contract/staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, PASSWORD, registerByEmail } from './accounts';
import { useTestApp } from './app-hooks';
import { bindTron, fund, reportDeposit, type StaffLogin, verifiedCustomer, withdraw } from './funds';
import { sendRealName } from './real-name';
import { adminCall, readConversation, staffSession } from './staff';

// The work queues (deposits, withdrawals, identity reviews, support) are worked oldest first, the
// customer who has waited longest at the top; their history (decided records) reads newest first.

const t = useTestApp();
let compliance: StaffLogin;
let finance: StaffLogin;
let support: StaffLogin;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance', 'Queue Compliance');
  finance = await staffSession(t, 'finance', 'Queue Finance');
  support = await staffSession(t, 'support', 'Queue Support');
});

async function list<T>(path: string, fields: Record<string, unknown>, staff: StaffLogin): Promise<T[]> {
  const answer = await adminCall<{ list: T[] }>(
    t,
    'GET',
    `/admin/api/${path}`,
    { limit: 50, ...fields },
    staff.token,
  );
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data.list;
}

/** The positions of `ids` in the list, in the list's order, as ids. */
function orderOf(rows: { id: number }[], ids: number[]): number[] {
  return rows.map((row) => row.id).filter((id) => ids.includes(id));
}

describe('the deposits queue', () => {
  it('lists waiting deposits oldest first and decided ones newest first', async () => {
    const first = await registerByEmail(t, freshEmail('queueA'));
    const second = await registerByEmail(t, freshEmail('queueB'));
    const older = await reportDeposit(t, first.token, '11');
    const newer = await reportDeposit(t, second.token, '12');
    const waiting = await list<StaffDeposit>('funds/deposits', { status: 0 }, finance);
    expect(orderOf(waiting, [older.id, newer.id])).toEqual([older.id, newer.id]);
    for (const id of [older.id, newer.id]) {
      const approved = await adminCall(t, 'POST', '/admin/api/funds/deposits/approve', { id }, finance.token);
      expect(approved.code).toBe(1);
    }
    const decided = await list<StaffDeposit>('funds/deposits', { status: 1 }, finance);
    expect(orderOf(decided, [older.id, newer.id])).toEqual([newer.id, older.id]);
  });
});

describe('the withdrawals queue', () => {
  it('lists waiting withdrawals oldest first and paid ones newest first', async () => {
    const customer = await verifiedCustomer(t, compliance, 'queueW');
    await fund(t, customer.token, finance, '300');
    const method = await bindTron(t, customer.token);
    const older = await withdraw(t, customer.token, method, '50', PASSWORD);
    const newer = await withdraw(t, customer.token, method, '60', PASSWORD);
    expect([older.code, newer.code]).toEqual([1, 1]);
    const ids = [older.data.id, newer.data.id];
    const waiting = await list<StaffWithdrawal>('funds/withdrawals', { status: 0 }, finance);
    expect(orderOf(waiting, ids)).toEqual(ids);
    for (const id of ids) {
      const paid = await adminCall(
        t,
        'POST',
        '/admin/api/funds/withdrawals/pay',
        { id, payout_reference: `ref-${id}` },
        finance.token,
      );
      expect(paid.code).toBe(1);
    }
    const history = await list<StaffWithdrawal>('funds/withdrawals', { status: 1 }, finance);
    expect(orderOf(history, ids)).toEqual([...ids].reverse());
  });
});

describe('the identity queue', () => {
  it('lists waiting submissions oldest first', async () => {
    const ids: number[] = [];
    for (const prefix of ['queueK1', 'queueK2']) {
      const customer = await registerByEmail(t, freshEmail(prefix));
      const submitted = await submitRealName(customer.token);
      expect(submitted).toBe(1);
      const mine = await list<StaffSubmission>('kyc/submissions', { user_id: customer.user.id }, compliance);
      ids.push(mine[0]?.id ?? 0);
    }
    const waiting = await list<StaffSubmission>('kyc/submissions', { state: 'pending' }, compliance);
    expect(orderOf(waiting, ids)).toEqual(ids);
  });
});

async function submitRealName(token: string): Promise<number> {
  return (await sendRealName(t, token, { name: 'Lee Siu Lung', card_id: 'B7654321' })).code;
}

describe('the support queue', () => {
  it('puts the open conversation whose customer waited longest first, the answered ones after', async () => {
    const first = await registerByEmail(t, freshEmail('queueS1'));
    const second = await registerByEmail(t, freshEmail('queueS2'));
    expect((await call(t, 'POST', '/api/support/send', { text: 'first' }, { token: first.token })).code).toBe(
      1,
    );
    expect(
      (await call(t, 'POST', '/api/support/send', { text: 'second' }, { token: second.token })).code,
    ).toBe(1);
    const byUser = (rows: ConversationSummary[]) =>
      rows.map((row) => row.user.id).filter((id) => id === first.user.id || id === second.user.id);
    const open = await list<ConversationSummary>('support/conversations', { status: 'open' }, support);
    expect(byUser(open)).toEqual([first.user.id, second.user.id]);
    const conversation = open.find((row) => row.user.id === first.user.id);
    const read = await readConversation(t, conversation?.id, support.token);
    expect(read.code).toBe(1);
    const after = await list<ConversationSummary>('support/conversations', { status: 'open' }, support);
    expect(byUser(after)).toEqual([second.user.id, first.user.id]);
  });
});
