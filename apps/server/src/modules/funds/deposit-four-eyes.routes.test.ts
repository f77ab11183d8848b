import type { SessionData } from '@meridian/contract/auth';
import type { StaffDeposit, StaffDepositPage } from '@meridian/contract/funds-staff';
import { checkSettingValue } from '@meridian/contract/settings-staff';
import { asUserId } from '@meridian/domain/ids';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useTestApp } from '../../../test/app-hooks';
import {
  auditActions,
  booksOf,
  detail,
  ethereumAddress,
  financeStaff,
  fundsCounts,
  reportDeposit,
  type StaffLogin,
  verifiedCustomer,
} from '../../../test/funds';
import { makeImage } from '../../../test/images';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { depositChannels } from '../../db/schema';
import { setSetting } from '../settings/settings.public';

// Deposit credits under four-eyes and the review flags.

const t = useTestApp();
let compliance: StaffLogin;
let fiona: StaffLogin;
let frank: StaffLogin;
let grace: StaffLogin;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance');
  fiona = await financeStaff(t, 'Fiona Finance');
  frank = await financeStaff(t, 'Frank Finance');
  grace = await financeStaff(t, 'Grace Finance');
});

const approve = (staff: StaffLogin, fields: Record<string, unknown>) =>
  adminCall<StaffDeposit>(t, 'POST', '/admin/api/funds/deposits/approve', fields, staff.token);

async function listed(customer: SessionData, id: number): Promise<StaffDeposit> {
  const page = await adminCall<StaffDepositPage>(
    t,
    'GET',
    '/admin/api/funds/deposits',
    { user_id: customer.user.id },
    fiona.token,
  );
  const found = page.data.list.find((one) => one.id === id);
  if (!found) throw new Error(`deposit ${id} not listed`);
  return found;
}

/** The ledger entries a deposit made: exactly one once credited. */
async function creditEntries(id: number): Promise<string[]> {
  const result = await t.database.db.execute(
    `select amount::text as amount from ledger_entries where reference = 'deposit:${Number(id)}'`,
  );
  return rowsOf<{ amount: string }>(result).map((row) => row.amount);
}

describe('deposit credits under four-eyes', () => {
  it('above the threshold one approver only records a first approval; a second, different one credits', async () => {
    const customer = await verifiedCustomer(t, compliance, 'large');
    const deposit = await reportDeposit(t, customer.token, '20000');
    const first = await approve(fiona, { id: deposit.id });
    expect(first).toMatchObject({
      code: 1,
      data: {
        status: 0,
        amount: '0',
        approvals_needed: 2,
        approvals: [{ staff: { id: fiona.id, name: 'Fiona Finance' }, amount: '20000.00', reason: '' }],
        reviewed_by: null,
      },
    });
    expect((await detail(t, customer.token)).balance).toBe('0');
    expect(await creditEntries(deposit.id)).toEqual([]);
    expect(await auditActions(t, fiona.id)).toContain('funds.deposit_first_approval');
    // The queue shows it as one of two, with who approved first.
    expect(await listed(customer, deposit.id)).toMatchObject({
      status: 0,
      approvals_needed: 2,
      approvals: [{ staff: { name: 'Fiona Finance' } }],
    });

    // The same person again is refused and writes nothing.
    const before = await fundsCounts(t);
    expect(await approve(fiona, { id: deposit.id })).toEqual({
      code: 0,
      msg: 'You have already approved this deposit. A second staff member must approve it.',
      data: null,
    });
    expect(await fundsCounts(t)).toEqual(before);

    const second = await approve(frank, { id: deposit.id });
    expect(second).toMatchObject({
      code: 1,
      data: { status: 1, amount: '20000.00', approvals_needed: 2, reviewed_by: { id: frank.id } },
    });
    expect(second.data.approvals.map((one) => one.staff.name)).toEqual(['Fiona Finance', 'Frank Finance']);
    expect((await detail(t, customer.token)).balance).toBe('20000');
    expect(await creditEntries(deposit.id)).toEqual(['20000.00000000']);
    const books = await booksOf(t, asUserId(customer.user.id));
    expect(Number(books.balance)).toBe(Number(books.balance_entries));
    // A third approval finds it reviewed.
    expect((await approve(grace, { id: deposit.id })).msg).toBe('This deposit has already been reviewed.');
    expect(await creditEntries(deposit.id)).toEqual(['20000.00000000']);
  });

  it('250,000 typed on a report of 100 needs a second approver of that same amount', async () => {
    const customer = await verifiedCustomer(t, compliance, 'typed');
    const deposit = await reportDeposit(t, customer.token, '100');
    const first = await approve(fiona, {
      id: deposit.id,
      amount: '250000',
      reason: 'Customer says more arrived.',
    });
    expect(first.data).toMatchObject({ status: 0, approvals_needed: 2 });
    expect(first.data.flags).toContain('credit_differs');
    expect((await detail(t, customer.token)).balance).toBe('0');

    // A second approver who sends another amount (or none: the suggested one) is refused.
    const before = await fundsCounts(t);
    expect(await approve(frank, { id: deposit.id })).toEqual({
      code: 0,
      msg: 'The first approval was for 250000.00 USDT. Approve that same amount, or reject the deposit if it is wrong.',
      data: null,
    });
    expect((await approve(frank, { id: deposit.id, amount: '250', reason: 'x' })).code).toBe(0);
    expect(await fundsCounts(t)).toEqual(before);

    // The same amount credits, with the first approver's reason when the second gives none.
    const second = await approve(frank, { id: deposit.id, amount: '250000.00' });
    expect(second.data).toMatchObject({
      status: 1,
      amount: '250000.00',
      amount_reason: 'Customer says more arrived.',
    });
    expect(await creditEntries(deposit.id)).toEqual(['250000.00000000']);
  });

  it('credits once when two second approvals race', async () => {
    const customer = await verifiedCustomer(t, compliance, 'race');
    const deposit = await reportDeposit(t, customer.token, '15000');
    expect((await approve(fiona, { id: deposit.id })).data.status).toBe(0);
    const answers = await Promise.all([
      approve(frank, { id: deposit.id }),
      approve(grace, { id: deposit.id }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 1)?.msg).toBe('This deposit has already been reviewed.');
    expect(await creditEntries(deposit.id)).toEqual(['15000.00000000']);
    expect((await detail(t, customer.token)).balance).toBe('15000');
  });

  it('credits with one approver within the tolerance and up to the threshold', async () => {
    const customer = await verifiedCustomer(t, compliance, 'small');
    const within = await reportDeposit(t, customer.token, '500');
    // 1% of 500 is 5: 505 is within, exactly at the tolerance.
    expect(
      (await approve(fiona, { id: within.id, amount: '505', reason: 'Bank fee refunded.' })).data,
    ).toMatchObject({ status: 1, amount: '505.00', approvals: [], approvals_needed: 1 });
    const outside = await reportDeposit(t, customer.token, '500');
    expect((await approve(fiona, { id: outside.id, amount: '505.01', reason: 'x' })).data.status).toBe(0);
    // Exactly at the threshold is not above it.
    const atThreshold = await reportDeposit(t, customer.token, '10000');
    expect((await listed(customer, atThreshold.id)).approvals_needed).toBe(1);
    expect((await approve(fiona, { id: atThreshold.id })).data).toMatchObject({
      status: 1,
      amount: '10000.00',
    });
    expect((await detail(t, customer.token)).balance).toBe('10505');
  });

  it('follows the tolerance setting, checked by the shared settings rule', async () => {
    expect(checkSettingValue('deposit_tolerance_percent', '2.5')).toEqual({ value: '2.5' });
    expect(checkSettingValue('deposit_tolerance_percent', '101')).toHaveProperty('issue');
    expect(checkSettingValue('deposit_tolerance_percent', '-1')).toHaveProperty('issue');
    const customer = await verifiedCustomer(t, compliance, 'tolerance');
    const deposit = await reportDeposit(t, customer.token, '100');
    await setSetting(t.database.db, 'deposit_tolerance_percent', '10');
    onTestFinished(() => setSetting(t.database.db, 'deposit_tolerance_percent', '1'));
    expect(
      (await approve(fiona, { id: deposit.id, amount: '110', reason: 'Bonus agreed by the desk.' })).data,
    ).toMatchObject({ status: 1, amount: '110.00', approvals: [] });
  });

  it('a rejection after a first approval credits nothing', async () => {
    const customer = await verifiedCustomer(t, compliance, 'rejected');
    const deposit = await reportDeposit(t, customer.token, '30000');
    expect((await approve(fiona, { id: deposit.id })).data.status).toBe(0);
    const rejected = await adminCall<StaffDeposit>(
      t,
      'POST',
      '/admin/api/funds/deposits/reject',
      { id: deposit.id, remark: 'Only part of it arrived.' },
      frank.token,
    );
    expect(rejected.data).toMatchObject({ status: 2, approvals: [{ staff: { id: fiona.id } }] });
    expect((await approve(frank, { id: deposit.id })).msg).toBe('This deposit has already been reviewed.');
    expect(await creditEntries(deposit.id)).toEqual([]);
  });
});

describe('review flags', () => {
  it('first deposit: only until the customer has a credited one', async () => {
    const customer = await verifiedCustomer(t, compliance, 'first');
    const first = await reportDeposit(t, customer.token, '100');
    const rejected = await reportDeposit(t, customer.token, '40');
    expect((await listed(customer, first.id)).flags).toContain('first_deposit');
    await adminCall(
      t,
      'POST',
      '/admin/api/funds/deposits/reject',
      { id: rejected.id, remark: 'No.' },
      fiona.token,
    );
    // A rejected report is no deposit: the next one is still a first.
    expect((await listed(customer, first.id)).flags).toContain('first_deposit');
    expect((await approve(fiona, { id: first.id })).data.flags).toContain('first_deposit');
    const next = await reportDeposit(t, customer.token, '100');
    expect((await listed(customer, next.id)).flags).not.toContain('first_deposit');
    // The credited one keeps its flag: it was the first.
    expect((await listed(customer, first.id)).flags).toContain('first_deposit');
  });

  it('credit differs: on a credit or a first approval other than the suggested amount, not otherwise', async () => {
    const customer = await verifiedCustomer(t, compliance, 'differs');
    const waiting = await reportDeposit(t, customer.token, '100');
    expect((await listed(customer, waiting.id)).flags).not.toContain('credit_differs');
    const exact = await reportDeposit(t, customer.token, '100');
    expect((await approve(fiona, { id: exact.id })).data.flags).not.toContain('credit_differs');
    const corrected = await reportDeposit(t, customer.token, '100');
    expect((await approve(fiona, { id: corrected.id, amount: '99.9', reason: 'Fee.' })).data.flags).toContain(
      'credit_differs',
    );
  });

  it('proof reused: the same image content on another deposit, any customer, flags both', async () => {
    const one = await verifiedCustomer(t, compliance, 'proof-one');
    const other = await verifiedCustomer(t, compliance, 'proof-other');
    const shared = await makeImage('png', { width: 77, height: 33 });
    const first = await reportDeposit(t, one.token, '100', { proof: shared });
    const own = await reportDeposit(t, one.token, '100');
    expect((await listed(one, first.id)).flags).not.toContain('proof_reused');
    const copy = await reportDeposit(t, other.token, '100', { proof: shared });
    expect((await listed(other, copy.id)).flags).toContain('proof_reused');
    expect((await listed(one, first.id)).flags).toContain('proof_reused');
    expect((await listed(one, own.id)).flags).not.toContain('proof_reused');
  });

  it('placeholder channel: a deposit to an unset address is flagged, to a real one not', async () => {
    const customer = await verifiedCustomer(t, compliance, 'placeholder');
    const toPlaceholder = await reportDeposit(t, customer.token, '100');
    expect(toPlaceholder.address).toMatch(/^PLACEHOLDER-/);
    expect((await listed(customer, toPlaceholder.id)).flags).toContain('placeholder_channel');
    // Set up directly: a real ERC20 address (how staff set one is the channels' own test).
    await t.database.db
      .update(depositChannels)
      .set({ address: ethereumAddress(), addressPlaceholder: false })
      .where(eq(depositChannels.protocolCode, 'ERC20'));
    const toReal = await reportDeposit(t, customer.token, '100', { network: 'ERC20' });
    expect((await listed(customer, toReal.id)).flags).not.toContain('placeholder_channel');
  });

  it('the page carries today’s four-eyes terms for the screen’s preview', async () => {
    const page = await adminCall<StaffDepositPage>(t, 'GET', '/admin/api/funds/deposits', {}, fiona.token);
    expect(page.data).toMatchObject({ four_eyes_usd: '10000', tolerance_percent: '1' });
  });
});
