import type { SessionData } from '@meridian/contract/auth';
import type { DepositPage, FundsRecordPush, WithdrawPage } from '@meridian/contract/funds';
import type {
  SignedImage,
  StaffChannels,
  StaffCoinChannelUpdate,
  StaffDeposit,
  StaffWireAccountUpdate,
  StaffWithdrawal,
} from '@meridian/contract/funds-staff';
import { TOPIC_FUNDS_RECORD } from '@meridian/contract/socket';
import { asUserId } from '@meridian/domain/ids';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, PASSWORD, readOutbox } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  auditActions,
  bindTron,
  booksOf,
  detail,
  financeStaff,
  fund,
  fundsCounts,
  reportDeposit,
  type StaffLogin,
  tronAddress,
  verifiedCustomer,
  withdraw,
} from '../../../test/funds';
import { fetchImage } from '../../../test/images';
import { expectContractPush } from '../../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, approvedBySecondAdmin, staffSession } from '../../../test/staff';
import { depositChannels, wireAccounts } from '../../db/schema';

const t = useTestApp();
let compliance: StaffLogin;
let finance: StaffLogin;
let secondFinance: StaffLogin;
let customer: SessionData;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance');
  finance = await financeStaff(t, 'Fiona Finance');
  secondFinance = await financeStaff(t, 'Frank Finance');
  customer = await verifiedCustomer(t, compliance, 'reviewed');
});

const approveDeposit = (fields: Record<string, unknown>, staff = finance) =>
  adminCall<StaffDeposit>(t, 'POST', '/admin/api/funds/deposits/approve', fields, staff.token);
const pay = (fields: Record<string, unknown>, staff = finance) =>
  adminCall<StaffWithdrawal>(t, 'POST', '/admin/api/funds/withdrawals/pay', fields, staff.token);
const rejectWithdrawal = (fields: Record<string, unknown>, staff = finance) =>
  adminCall<StaffWithdrawal>(t, 'POST', '/admin/api/funds/withdrawals/reject', fields, staff.token);

describe('the deposit review', () => {
  it('lists deposits by status, type and customer, with the suggested amount and no proof address', async () => {
    // A customer of its own: the other tests credit deposits of the shared one.
    const customer = await verifiedCustomer(t, compliance, 'listed');
    const deposit = await reportDeposit(t, customer.token, '250');
    const listed = await adminCall<{ list: StaffDeposit[]; total: number }>(
      t,
      'GET',
      '/admin/api/funds/deposits',
      { status: 0, type: 0, user_id: customer.user.id },
      finance.token,
    );
    expect(listed.code).toBe(1);
    expect(listed.data.list[0]).toMatchObject({
      id: deposit.id,
      user: { id: customer.user.id, email: customer.user.email },
      usd_per_unit: '1',
      suggested_amount: '250.00',
      proof_img: '',
      reviewed_by: null,
    });
    const finished = await adminCall<{ total: number }>(
      t,
      'GET',
      '/admin/api/funds/deposits',
      { status: 1, user_id: customer.user.id },
      finance.token,
    );
    expect(finished.data.total).toBe(0);
  });

  it('opens a proof at an address signed for the staff member only, and audits it', async () => {
    const deposit = await reportDeposit(t, customer.token, '30');
    const proof = await adminCall<SignedImage>(
      t,
      'GET',
      '/admin/api/funds/deposits/proof',
      { id: deposit.id },
      finance.token,
    );
    expect(proof.code).toBe(1);
    expect((await fetchImage(t, proof.data.url)).status).toBe(200);
    // Not for the customer's own session, nor moved to another staff member.
    expect(
      (await fetchImage(t, proof.data.url.replace(`v=s${finance.id}`, `v=s${secondFinance.id}`))).status,
    ).toBe(403);
    expect(await auditActions(t, finance.id)).toContain('funds.deposit_proof_opened');
  });

  it('approves: credits the deposit entry in the same transaction, once; a second approval is refused', async () => {
    const deposit = await reportDeposit(t, customer.token, '400');
    const before = await detail(t, customer.token);
    const [first, second] = await Promise.all([
      approveDeposit({ id: deposit.id }),
      approveDeposit({ id: deposit.id }, secondFinance),
    ]);
    const answers = [first, second];
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 1)?.msg).toBe('This deposit has already been reviewed.');
    const approved = answers.find((answer) => answer.code === 1)?.data as StaffDeposit;
    expect(approved).toMatchObject({
      status: 1,
      status_name: 'Credited',
      amount: '400.00',
      amount_reason: '',
    });
    expect(approved.reviewed_by?.id).toBeDefined();
    const after = await detail(t, customer.token);
    expect(Number(after.balance) - Number(before.balance)).toBe(400);
    const books = await booksOf(t, asUserId(customer.user.id));
    expect(Number(books.balance)).toBe(Number(books.balance_entries));
    // Approving again later is refused too, and credits nothing.
    expect(await approveDeposit({ id: deposit.id })).toMatchObject({
      code: 0,
      msg: 'This deposit has already been reviewed.',
    });
    expect((await detail(t, customer.token)).balance).toBe(after.balance);
    const records = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      {},
      { token: customer.token },
    );
    expect(records.data.list.find((one) => one.id === deposit.id)).toMatchObject({
      status: 1,
      amount: '400.00',
    });
  });

  it('credits a corrected amount (within the tolerance: one approver) only with a reason', async () => {
    const deposit = await reportDeposit(t, customer.token, '100');
    const before = await fundsCounts(t);
    expect(await approveDeposit({ id: deposit.id, amount: '99.5' })).toEqual({
      code: 0,
      msg: 'Please give the reason for crediting a different amount.',
      data: null,
    });
    expect(await approveDeposit({ id: deposit.id, amount: '-1', reason: 'x' })).toMatchObject({
      code: 0,
      msg: 'The amount must be greater than 0.',
    });
    expect(await fundsCounts(t)).toEqual({ ...before, audit_log: before.audit_log });
    const corrected = await approveDeposit({
      id: deposit.id,
      amount: '99.5',
      reason: 'The bank took a 0.50 USDT fee.',
    });
    expect(corrected).toMatchObject({
      code: 1,
      data: { status: 1, amount: '99.50', amount_reason: 'The bank took a 0.50 USDT fee.' },
    });
  });

  it('rejects with a remark the customer sees, and marks invalid; neither credits', async () => {
    const first = await reportDeposit(t, customer.token, '60');
    const second = await reportDeposit(t, customer.token, '70');
    const balance = (await detail(t, customer.token)).balance;
    expect(
      (
        await adminCall(
          t,
          'POST',
          '/admin/api/funds/deposits/reject',
          { id: first.id, remark: '' },
          finance.token,
        )
      ).msg,
    ).toBe('Remark is required.');
    const rejected = await adminCall<StaffDeposit>(
      t,
      'POST',
      '/admin/api/funds/deposits/reject',
      { id: first.id, remark: 'The proof does not show a transfer.' },
      finance.token,
    );
    expect(rejected).toMatchObject({
      code: 1,
      data: { status: 2, remark: 'The proof does not show a transfer.' },
    });
    const invalid = await adminCall<StaffDeposit>(
      t,
      'POST',
      '/admin/api/funds/deposits/invalid',
      { id: second.id },
      finance.token,
    );
    expect(invalid).toMatchObject({ code: 1, data: { status: 3, status_name: 'Invalid' } });
    expect((await detail(t, customer.token)).balance).toBe(balance);
    expect(await approveDeposit({ id: first.id })).toMatchObject({
      code: 0,
      msg: 'This deposit has already been reviewed.',
    });
    const records = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      {},
      { token: customer.token },
    );
    expect(records.data.list.find((one) => one.id === first.id)).toMatchObject({
      status: 2,
      status_name: 'Rejected',
      remark: 'The proof does not show a transfer.',
    });
  });

  it('refuses roles other than finance and admin (audited), and unknown deposits', async () => {
    const agent = await staffSession(t, 'support');
    const deposit = await reportDeposit(t, customer.token, '10');
    expect(await approveDeposit({ id: deposit.id }, agent)).toEqual({
      code: 0,
      msg: 'Your role does not allow this.',
      data: null,
    });
    expect(await auditActions(t, agent.id)).toContain('staff.forbidden');
    expect(await approveDeposit({ id: 999999 })).toEqual({
      code: 0,
      msg: 'This deposit does not exist.',
      data: null,
    });
    const admin = await staffSession(t, 'admin');
    expect((await approveDeposit({ id: deposit.id }, admin)).code).toBe(1);
  });
});

describe('the withdrawal review', () => {
  it('pays with the payout reference: the lock leaves the books; the record shows it', async () => {
    const customer = await verifiedCustomer(t, compliance, 'payee');
    await fund(t, customer.token, finance, '500');
    const method = await bindTron(t, customer.token);
    const request = await withdraw(t, customer.token, method, '120', PASSWORD);
    const before = await detail(t, customer.token);
    expect(await pay({ id: request.data.id })).toEqual({
      code: 0,
      msg: 'Please enter the payout reference or transaction hash.',
      data: null,
    });
    const paid = await pay({ id: request.data.id, payout_reference: '0xabc123' });
    expect(paid).toMatchObject({
      code: 1,
      data: {
        state: 'paid',
        status: 1,
        payout_reference: '0xabc123',
        approvals_needed: 1,
        method: { id: method.id, dc_address: method.dc_address },
      },
    });
    expect(paid.data.approvals).toHaveLength(1);
    const after = await detail(t, customer.token);
    expect(after.balance).toBe(before.balance);
    expect(Number(before.lock_balance) - Number(after.lock_balance)).toBe(120);
    const records = await call<WithdrawPage>(
      t,
      'GET',
      '/api/account/draw_list',
      {},
      { token: customer.token },
    );
    expect(records.data.list.find((one) => one.id === request.data.id)).toMatchObject({
      status: 1,
      status_name: 'Paid',
      payout_reference: '0xabc123',
    });
    expect(await pay({ id: request.data.id, payout_reference: 'again' })).toMatchObject({
      code: 0,
      msg: 'This withdrawal has already been paid or rejected.',
    });
  });

  it('rejects with notes: the lock returns to the balance', async () => {
    // Its own money to withdraw: it took the shared customer's from the test that funds it.
    const customer = await verifiedCustomer(t, compliance, 'refused');
    await fund(t, customer.token, finance, '200');
    const method = await bindTron(t, customer.token);
    const request = await withdraw(t, customer.token, method, '50', PASSWORD);
    const before = await detail(t, customer.token);
    const rejected = await rejectWithdrawal({
      id: request.data.id,
      notes: 'The address belongs to a sanctioned exchange.',
    });
    expect(rejected).toMatchObject({
      code: 1,
      data: { state: 'rejected', status: 2, notes: 'The address belongs to a sanctioned exchange.' },
    });
    const after = await detail(t, customer.token);
    expect(Number(after.balance) - Number(before.balance)).toBe(50);
    expect(Number(before.lock_balance) - Number(after.lock_balance)).toBe(50);
    const books = await booksOf(t, asUserId(customer.user.id));
    expect(Number(books.balance)).toBe(Number(books.balance_entries));
    expect(Number(books.lock)).toBe(Number(books.lock_entries));
  });

  it('needs two different staff members above the four-eyes threshold', async () => {
    const whale = await verifiedCustomer(t, compliance, 'whale');
    await fund(t, whale.token, finance, '20000', secondFinance);
    const method = await bindTron(t, whale.token);
    const request = await withdraw(t, whale.token, method, '15000', PASSWORD);
    const first = await pay({ id: request.data.id });
    expect(first).toMatchObject({ code: 1, data: { state: 'approved', status: 0, approvals_needed: 2 } });
    expect(first.data.approvals.map((one) => one.staff.name)).toEqual(['Fiona Finance']);
    expect(await pay({ id: request.data.id, payout_reference: 'TX1' })).toEqual({
      code: 0,
      msg: 'You have already approved this withdrawal. A second staff member must approve it.',
      data: null,
    });
    expect((await detail(t, whale.token)).lock_balance).toBe('15000');
    expect(await pay({ id: request.data.id }, secondFinance)).toMatchObject({
      code: 0,
      msg: 'Please enter the payout reference or transaction hash.',
    });
    const paid = await pay({ id: request.data.id, payout_reference: 'TX-4EYES' }, secondFinance);
    expect(paid).toMatchObject({ code: 1, data: { state: 'paid', payout_reference: 'TX-4EYES' } });
    expect(paid.data.approvals.map((one) => one.staff.name)).toEqual(['Fiona Finance', 'Frank Finance']);
    expect(await detail(t, whale.token)).toMatchObject({ balance: '5000', lock_balance: '0' });
  });

  it('lets exactly one of an approval and a rejection racing on one withdrawal win', async () => {
    const racer = await verifiedCustomer(t, compliance, 'race');
    await fund(t, racer.token, finance, '300');
    const method = await bindTron(t, racer.token);
    for (let round = 0; round < 4; round += 1) {
      const request = await withdraw(t, racer.token, method, '50', PASSWORD);
      const [paid, rejected] = await Promise.all([
        pay({ id: request.data.id, payout_reference: `TX${round}` }),
        rejectWithdrawal({ id: request.data.id, notes: 'Changed my mind.' }, secondFinance),
      ]);
      expect([paid.code, rejected.code].sort()).toEqual([0, 1]);
      const loser = paid.code === 1 ? rejected : paid;
      expect(loser.msg).toBe('This withdrawal has already been paid or rejected.');
    }
    const books = await booksOf(t, asUserId(racer.user.id));
    expect(Number(books.lock)).toBe(0);
    expect(Number(books.balance)).toBe(Number(books.balance_entries));
    expect(Number(books.lock_entries)).toBe(0);
  });

  it('lists withdrawals for staff by status and customer', async () => {
    // Its own paid withdrawal (and one still waiting, which the status filter leaves out).
    const customer = await verifiedCustomer(t, compliance, 'drawer');
    await fund(t, customer.token, finance, '300');
    const method = await bindTron(t, customer.token);
    const paidRequest = await withdraw(t, customer.token, method, '100', PASSWORD);
    expect((await pay({ id: paidRequest.data.id, payout_reference: 'TX-LISTED' })).code).toBe(1);
    const waiting = await withdraw(t, customer.token, method, '40', PASSWORD);
    expect(waiting.code).toBe(1);
    const listed = await adminCall<{ list: StaffWithdrawal[]; total: number }>(
      t,
      'GET',
      '/admin/api/funds/withdrawals',
      { status: 1, user_id: customer.user.id },
      finance.token,
    );
    expect(listed.code).toBe(1);
    expect(listed.data.list.map((one) => one.id)).toEqual([paidRequest.data.id]);
    expect(listed.data.list.every((one) => one.state === 'paid' && one.user.id === customer.user.id)).toBe(
      true,
    );
    expect(await auditActions(t, finance.id)).toContain('funds.withdrawals_read');
  });
});

/** The funds notices queued for an address (in the review's transaction, so there once it answered). */
async function noticesOf(to: string): Promise<{ type: string; text: string }[]> {
  const lines = (await readOutbox(t)) as unknown as { to: string; type: string; text: string }[];
  return lines.filter((line) => line.to === to && String(line.type).startsWith('funds.'));
}

describe('the customer hears of each outcome', () => {
  it('gets a push on funds.record and an outbox line for a credited deposit and a paid withdrawal', async () => {
    const listener = await verifiedCustomer(t, compliance, 'listener');
    const socket = await TestSocket.open(await socketUrl(t));
    try {
      expect(await socket.request({ type: 'login', params: { token: listener.token } })).toMatchObject({
        code: 1,
      });
      expect(await socket.request({ type: 'sub', params: { topic: TOPIC_FUNDS_RECORD } })).toMatchObject({
        code: 1,
      });
      const deposit = await reportDeposit(t, listener.token, '80');
      await approveDeposit({ id: deposit.id });
      const pushed = (await socket.next(isPush(TOPIC_FUNDS_RECORD))) as { data: FundsRecordPush };
      expectContractPush(pushed);
      expect(pushed.data).toMatchObject({
        kind: 'deposit',
        outcome: 'approved',
        record: { id: deposit.id, status: 1, amount: '80.00' },
        balance: '80',
        lock_balance: '0',
      });
      const method = await bindTron(t, listener.token);
      const request = await withdraw(t, listener.token, method, '30', PASSWORD);
      await pay({ id: request.data.id, payout_reference: 'TX-NOTICE' });
      const paid = (await socket.next(isPush(TOPIC_FUNDS_RECORD))) as { data: FundsRecordPush };
      expectContractPush(paid);
      expect(paid.data).toMatchObject({
        kind: 'withdrawal',
        outcome: 'paid',
        record: { id: request.data.id, status: 1 },
      });
      // The notices are written once the reviews have committed, right after their answers.
      const notices = await noticesOf(listener.user.email ?? '');
      expect(notices.map((line) => line.type)).toEqual(['funds.deposit_approved', 'funds.withdrawal_paid']);
      expect(notices[0]?.text).toContain('80.00 USDT');
      expect(notices[1]?.text).toContain('TX-NOTICE');
    } finally {
      socket.close();
    }
  });

  it('does not push one customer an outcome of another', async () => {
    const quiet = await verifiedCustomer(t, compliance, 'quiet');
    const other = await verifiedCustomer(t, compliance, 'other');
    const socket = await TestSocket.open(await socketUrl(t));
    try {
      await socket.request({ type: 'login', params: { token: quiet.token } });
      await socket.request({ type: 'sub', params: { topic: TOPIC_FUNDS_RECORD } });
      const deposit = await reportDeposit(t, other.token, '15');
      await approveDeposit({ id: deposit.id });
      expect((await socket.drain()).filter(isPush(TOPIC_FUNDS_RECORD))).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

/**
 * Puts a shared channel's row back as it is now when the test ends: the other tests pay in through
 * these channels and read their placeholder marks, whatever order they run in.
 */
async function restoreWhenFinished(kind: 'coin' | 'wire', id: number | undefined): Promise<void> {
  const db = t.database.db;
  if (kind === 'coin') {
    const [found] = await db
      .select()
      .from(depositChannels)
      .where(eq(depositChannels.id, id ?? 0));
    if (!found) throw new Error(`no deposit channel ${id}`);
    const { id: rowId, ...row } = found;
    onTestFinished(async () => {
      await db.update(depositChannels).set(row).where(eq(depositChannels.id, rowId));
    });
  } else {
    const [found] = await db
      .select()
      .from(wireAccounts)
      .where(eq(wireAccounts.id, id ?? 0));
    if (!found) throw new Error(`no wire account ${id}`);
    const { id: rowId, ...row } = found;
    onTestFinished(async () => {
      await db.update(wireAccounts).set(row).where(eq(wireAccounts.id, rowId));
    });
  }
}

describe('the coin channels in the back office', () => {
  it('sets a real receiving address (valid on the network), which clears the placeholder mark; audited', async () => {
    const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, finance.token);
    const trc20 = channels.data.coin.find(
      (one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20',
    );
    expect(trc20).toMatchObject({ address_placeholder: 1, enabled: 1 });
    // The other tests report deposits under the minimum set here: the channel goes back as it was.
    await restoreWhenFinished('coin', trc20?.id);
    expect(channels.data.wire.every((one) => one.placeholder === 1)).toBe(true);
    const before = await fundsCounts(t);
    expect(
      await adminCall(
        t,
        'POST',
        '/admin/api/funds/channels/update',
        { id: trc20?.id, address: '0x1234' },
        finance.token,
      ),
    ).toEqual({ code: 0, msg: 'Please enter a valid TRC20 address.', data: null });
    expect(await fundsCounts(t)).toEqual(before);
    const address = tronAddress();
    const proposed = await adminCall<StaffCoinChannelUpdate>(
      t,
      'POST',
      '/admin/api/funds/channels/update',
      { id: trc20?.id, address, min: '20' },
      finance.token,
    );
    // Proposed: the answer shows the channel still in force.
    expect(proposed).toMatchObject({ code: 1, data: { status: 'proposed', address_placeholder: 1 } });
    expect(await auditActions(t, finance.id)).toContain('proposals.propose');
    const approval = await approvedBySecondAdmin(t, proposed.data.proposal_id);
    expect(approval.proposal).toMatchObject({ state: 'applied', after: { address, min: '20' } });
    const channelsAfter = await adminCall<StaffChannels>(
      t,
      'GET',
      '/admin/api/funds/channels',
      {},
      finance.token,
    );
    expect(channelsAfter.data.coin.find((one) => one.id === trc20?.id)).toMatchObject({
      address,
      address_placeholder: 0,
      min: '20',
    });
    expect(await auditActions(t, approval.proposal.decided_by?.id ?? 0)).toContain('funds.channel_update');
    const info = await call<{ address: string; address_placeholder: number }[]>(
      t,
      'GET',
      '/api/quickCharge/info',
      {},
      { token: customer.token },
    );
    expect(info.data.find((one) => one.address === address)?.address_placeholder).toBe(0);
  });

  it("sets a wire account's real details (BIC and IBAN checked), which clears the placeholder mark; audited", async () => {
    const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, finance.token);
    const eur = channels.data.wire.find((one) => one.currency_code === 'EUR');
    // The coin channel test finds every wire account a placeholder: this one goes back as it was.
    await restoreWhenFinished('wire', eur?.id);
    const update = (fields: Record<string, unknown>) =>
      adminCall<StaffWireAccountUpdate>(
        t,
        'POST',
        '/admin/api/funds/wire_accounts/update',
        { id: eur?.id, ...fields },
        finance.token,
      );
    const before = await fundsCounts(t);
    expect(await update({ bank_swift: 'NOTABIC' })).toMatchObject({
      code: 0,
      msg: 'Please enter a valid SWIFT/BIC code (8 or 11 letters and digits).',
    });
    expect(await update({ payee_account: 'DE89370400440532013001' })).toMatchObject({
      code: 0,
      msg: 'This IBAN is not valid. Please check it.',
    });
    expect(await update({ bank_name: '' })).toMatchObject({ code: 0, msg: 'Please enter the bank name.' });
    expect(await fundsCounts(t)).toEqual(before);
    const updated = await update({
      bank_name: 'Meridian Markets Bank AG',
      bank_swift: 'deutdeff',
      payee_name: 'Meridian Markets Ltd',
      payee_account: 'DE89 3704 0044 0532 0130 00',
    });
    expect(updated).toMatchObject({ code: 1, data: { status: 'proposed', placeholder: 1 } });
    const approval = await approvedBySecondAdmin(t, updated.data.proposal_id);
    expect(approval.proposal.after).toMatchObject({
      bank_swift: 'DEUTDEFF',
      payee_account: 'DE89370400440532013000',
    });
    const channelsAfter = await adminCall<StaffChannels>(
      t,
      'GET',
      '/admin/api/funds/channels',
      {},
      finance.token,
    );
    expect(channelsAfter.data.wire.find((one) => one.id === eur?.id)).toMatchObject({
      placeholder: 0,
      bank_swift: 'DEUTDEFF',
      payee_account: 'DE89370400440532013000',
      enabled: 1,
    });
    expect(await auditActions(t, approval.proposal.decided_by?.id ?? 0)).toContain(
      'funds.wire_account_update',
    );
    const wires = await call<{ id: number; placeholder: number }[]>(
      t,
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: eur?.bank_coin },
      { token: customer.token },
    );
    expect(wires.data.find((one) => one.id === eur?.id)?.placeholder).toBe(0);
  });
});
