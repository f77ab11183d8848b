import type { StaffRoleOutcome } from '@meridian/contract/back-office';
import type { CoinChannel } from '@meridian/contract/funds';
import type {
  StaffChannels,
  StaffCoinChannelUpdate,
  StaffWireAccountUpdate,
} from '@meridian/contract/funds-staff';
import type {
  Proposal,
  ProposalApproval,
  ProposalList,
  StaffCreateOutcome,
} from '@meridian/contract/proposals-staff';
import type { StaffSettingUpdate } from '@meridian/contract/settings-staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { tronAddress } from '../../../test/funds';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';

// Control changes under a second admin. Each test works with staff of its own and
// proposes values no other test uses, so the tests pass in any order.

const t = useTestApp();
let customerToken: string;

beforeAll(async () => {
  customerToken = (await registerByEmail(t, freshEmail('proposals'))).token;
});

const HOUR_MS = 60 * 60 * 1000;
type Staff = { id: number; email: string; token: string };

const admins = async (): Promise<[Staff, Staff]> => [
  await staffSession(t, 'admin', 'Ada Admin'),
  await staffSession(t, 'admin', 'Bob Second'),
];

async function trc20(token: string) {
  const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, token);
  const channel = channels.data.coin.find(
    (one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20',
  );
  if (!channel) throw new Error('no USDT TRC20 channel');
  return channel;
}

/** The address customers are shown for USDT TRC20. */
async function customerAddress(): Promise<string | undefined> {
  const info = await call<CoinChannel[]>(t, 'GET', '/api/quickCharge/info', {}, { token: customerToken });
  return info.data.find((one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20')?.address;
}

const proposeAddress = (token: string, id: number, address: string) =>
  adminCall<StaffCoinChannelUpdate>(t, 'POST', '/admin/api/funds/channels/update', { id, address }, token);

const approve = (token: string, id: number) =>
  adminCall<ProposalApproval>(t, 'POST', '/admin/api/proposals/approve', { id }, token);
const reject = (token: string, id: number, reason?: string) =>
  adminCall<Proposal>(t, 'POST', '/admin/api/proposals/reject', reason ? { id, reason } : { id }, token);
const list = (token: string, query: Record<string, unknown> = {}) =>
  adminCall<ProposalList>(t, 'GET', '/admin/api/proposals/list', query, token);

async function proposalRow(id: number) {
  const rows = rowsOf<{ state: string; decided_by: number | null }>(
    await t.database.db.execute(`select state, decided_by from proposals where id = ${Number(id)}`),
  );
  return rows[0];
}

/** The audit entries of one proposal, and of the change it made, in order. */
async function auditOf(
  proposalId: number,
  object?: string,
): Promise<{ action: string; staff_id: number | null }[]> {
  const objectClause = object
    ? ` or (target = '${object}' and details->>'proposal_id' = '${proposalId}')`
    : '';
  return rowsOf<{ action: string; staff_id: number | null }>(
    await t.database.db.execute(
      `select action, staff_id from audit_log where target = 'proposal:${Number(proposalId)}'${objectClause} order by id`,
    ),
  );
}

async function settingValue(key: string): Promise<string | undefined> {
  const rows = rowsOf<{ value: string }>(
    await t.database.db.execute(`select value from settings where key = '${key}'`),
  );
  return rows[0]?.value;
}

let distinctCounter = 0;
/** A stop-out level no other test proposes (31, 32, ...). */
const freshLevel = () => String(30 + ++distinctCounter);

describe('a proposed deposit address', () => {
  it('is not applied until a different admin approves it; then customers see it; every step audited', async () => {
    const finance = await staffSession(t, 'finance', 'Fiona Finance');
    const [first] = await admins();
    const channel = await trc20(finance.token);
    const shownBefore = await customerAddress();
    const address = tronAddress();
    const proposed = await proposeAddress(finance.token, channel.id, address);
    expect(proposed).toMatchObject({ code: 1, data: { status: 'proposed', address: channel.address } });
    const id = proposed.data.proposal_id;
    expect(id).toBeGreaterThan(0);
    expect(await customerAddress()).toBe(shownBefore);
    expect((await trc20(first.token)).address).toBe(channel.address);

    // The proposer (finance) sees its own proposal's state; an admin sees it pending, oldest first.
    const own = await list(finance.token, { state: 'pending' });
    expect(own.data.list.map((one) => one.id)).toContain(id);
    const pending = (await list(first.token, { state: 'pending', target: `deposit_channel:${channel.id}` }))
      .data.list;
    expect(pending.find((one) => one.id === id)).toMatchObject({
      kind: 'deposit_channel',
      target_label: 'USDT TRC20',
      before: { address: channel.address },
      after: { address },
      state: 'pending',
      proposed_by: { id: finance.id, name: 'Fiona Finance' },
      decided_by: null,
    });

    const approved = await approve(first.token, id);
    expect(approved).toMatchObject({
      code: 1,
      data: { proposal: { id, state: 'applied', decided_by: { id: first.id } }, enrolment_path: '' },
    });
    expect(await customerAddress()).toBe(address);
    expect(await trc20(first.token)).toMatchObject({ address, address_placeholder: 0 });
    expect((await list(finance.token, { state: 'applied' })).data.list.map((one) => one.id)).toContain(id);
    expect(await auditOf(id, `deposit_channel:${channel.id}`)).toEqual([
      { action: 'proposals.propose', staff_id: finance.id },
      { action: 'funds.channel_update', staff_id: first.id },
      { action: 'proposals.approve', staff_id: first.id },
    ]);
  });

  it('cannot be approved or rejected by its proposer, even an admin; nothing changes', async () => {
    const [first, second] = await admins();
    const channel = await trc20(first.token);
    const proposed = await proposeAddress(first.token, channel.id, tronAddress());
    const id = proposed.data.proposal_id;
    const own = 'You cannot approve or reject your own proposal: another administrator must decide it.';
    expect(await approve(first.token, id)).toEqual({ code: 0, msg: own, data: null });
    expect(await reject(first.token, id)).toEqual({ code: 0, msg: own, data: null });
    expect(await proposalRow(id)).toEqual({ state: 'pending', decided_by: null });
    expect((await trc20(second.token)).address).toBe(channel.address);
    expect(await auditOf(id)).toEqual([{ action: 'proposals.propose', staff_id: first.id }]);
  });

  it('switching a channel off alone applies at once (it can only stop money arriving)', async () => {
    const finance = await staffSession(t, 'finance', 'Fiona Finance');
    const [first] = await admins();
    const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, first.token);
    const btc = channels.data.coin.find((one) => one.currency_code === 'BTC');
    if (!btc) throw new Error('no BTC channel');
    const off = await adminCall<StaffCoinChannelUpdate>(
      t,
      'POST',
      '/admin/api/funds/channels/update',
      { id: btc.id, enabled: 0 },
      finance.token,
    );
    expect(off).toMatchObject({ code: 1, data: { status: 'applied', proposal_id: 0, enabled: 0 } });
    // Switching it back on lets money arrive: proposed.
    const on = await adminCall<StaffCoinChannelUpdate>(
      t,
      'POST',
      '/admin/api/funds/channels/update',
      { id: btc.id, enabled: 1 },
      finance.token,
    );
    expect(on).toMatchObject({ code: 1, data: { status: 'proposed', enabled: 0 } });
    expect((await approve(first.token, on.data.proposal_id)).code).toBe(1);
  });
});

describe('deciding proposals', () => {
  it('is for admins only: finance and the other roles are refused approve and reject (audited), and list only their own', async () => {
    const finance = await staffSession(t, 'finance', 'Fiona Finance');
    const otherFinance = await staffSession(t, 'finance', 'Frank Finance');
    const [first] = await admins();
    const channel = await trc20(first.token);
    const id = (await proposeAddress(finance.token, channel.id, tronAddress())).data.proposal_id;
    const forbidden = 'Your role does not allow this.';
    for (const role of ['finance', 'support', 'compliance', 'content'] as const) {
      const member = role === 'finance' ? otherFinance : await staffSession(t, role);
      expect((await approve(member.token, id)).code, role).toBe(0);
      expect((await reject(member.token, id)).code, role).toBe(0);
      const forbiddenRows = rowsOf<{ count: string }>(
        await t.database.db.execute(
          `select count(*) from audit_log where staff_id = ${member.id} and action = 'staff.forbidden'`,
        ),
      );
      expect(Number(forbiddenRows[0]?.count), role).toBe(2);
      const listed = await list(member.token);
      if (role === 'finance')
        expect(listed.data.list.map((one) => one.proposed_by.id)).not.toContain(finance.id);
      else expect(listed.code, role).toBe(0);
    }
    expect(await approve(otherFinance.token, id)).toEqual({ code: 0, msg: forbidden, data: null });
    expect(await proposalRow(id)).toEqual({ state: 'pending', decided_by: null });
  });

  it('a rejection leaves the target unchanged; the proposer sees it with the reason; it cannot be approved after', async () => {
    const finance = await staffSession(t, 'finance', 'Fiona Finance');
    const [first, second] = await admins();
    const channel = await trc20(first.token);
    const shown = await customerAddress();
    const id = (await proposeAddress(finance.token, channel.id, tronAddress())).data.proposal_id;
    const rejected = await reject(first.token, id, 'Not our wallet');
    expect(rejected).toMatchObject({
      code: 1,
      data: { id, state: 'rejected', reason: 'Not our wallet', decided_by: { id: first.id } },
    });
    expect(await approve(second.token, id)).toMatchObject({
      code: 0,
      msg: 'This proposal has already been decided.',
    });
    expect(await customerAddress()).toBe(shown);
    expect((await trc20(first.token)).address).toBe(channel.address);
    const mine = (await list(finance.token, { state: 'rejected' })).data.list.find((one) => one.id === id);
    expect(mine).toMatchObject({ state: 'rejected', reason: 'Not our wallet' });
    expect(await auditOf(id)).toEqual([
      { action: 'proposals.propose', staff_id: finance.id },
      { action: 'proposals.reject', staff_id: first.id },
    ]);
  });

  it('expires after proposal_expiry_hours: an expired proposal cannot be approved; the expiry is audited', async () => {
    const [first, second] = await admins();
    const level = freshLevel();
    const before = await settingValue('stop_out_level');
    const proposed = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'stop_out_level', value: level },
      first.token,
    );
    expect(proposed.data).toMatchObject({ status: 'proposed', value: before });
    const id = proposed.data.proposal_id;
    const [shown] = (
      await list(second.token, { target: 'setting:stop_out_level', state: 'pending' })
    ).data.list.filter((one) => one.id === id);
    expect(new Date(shown?.expires_at ?? '').getTime() - new Date(shown?.proposed_at ?? '').getTime()).toBe(
      48 * HOUR_MS,
    );
    const threshold = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'withdraw_four_eyes_usd', value: String(20_000 + distinctCounter++) },
      first.token,
    );
    // One millisecond before the end it can still be approved; at the end it cannot.
    t.clock.advance(48 * HOUR_MS - 1);
    // Staff sessions last 12 hours: the deciding admin signs in again.
    const later = await staffSession(t, 'admin', 'Carl Later');
    expect((await approve(later.token, threshold.data.proposal_id)).code).toBe(1);
    t.clock.advance(1);
    expect(await approve(later.token, id)).toEqual({
      code: 0,
      msg: 'This proposal has expired: propose the change again.',
      data: null,
    });
    expect(await settingValue('stop_out_level')).toBe(before);
    expect(await proposalRow(id)).toEqual({ state: 'expired', decided_by: null });
    expect(await auditOf(id)).toEqual([
      { action: 'proposals.propose', staff_id: first.id },
      { action: 'proposals.expire', staff_id: null },
    ]);
  });

  it('a new expiry (itself approved by a second admin) applies to proposals made after it, not to those waiting', async () => {
    const [first, second] = await admins();
    const setting = (key: string, value: string) =>
      adminCall<StaffSettingUpdate>(t, 'POST', '/admin/api/settings/update', { key, value }, first.token);
    const waiting = await setting('stop_out_level', freshLevel());
    const shorter = await setting('proposal_expiry_hours', '12');
    expect(shorter.data).toMatchObject({ status: 'proposed', value: '48' });
    expect((await approve(second.token, shorter.data.proposal_id)).code).toBe(1);
    const later = await setting('withdraw_four_eyes_usd', String(30_000 + distinctCounter++));
    const lifetimes = new Map(
      (await list(second.token, { state: 'pending', limit: 50 })).data.list.map((one) => [
        one.id,
        new Date(one.expires_at).getTime() - new Date(one.proposed_at).getTime(),
      ]),
    );
    expect(lifetimes.get(waiting.data.proposal_id)).toBe(48 * HOUR_MS);
    expect(lifetimes.get(later.data.proposal_id)).toBe(12 * HOUR_MS);
    // Back to the default for the other tests, again through a second admin.
    const back = await setting('proposal_expiry_hours', '48');
    expect((await approve(second.token, back.data.proposal_id)).code).toBe(1);
    for (const id of [waiting.data.proposal_id, later.data.proposal_id])
      expect((await reject(second.token, id)).code).toBe(1);
  });

  it("a wire account change is proposed like a channel's; switching the account off alone applies at once", async () => {
    const finance = await staffSession(t, 'finance', 'Fiona Finance');
    const [first] = await admins();
    const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, first.token);
    const gbp = channels.data.wire.find((one) => one.currency_code === 'GBP');
    if (!gbp) throw new Error('no GBP wire account');
    const update = (fields: Record<string, unknown>) =>
      adminCall<StaffWireAccountUpdate>(
        t,
        'POST',
        '/admin/api/funds/wire_accounts/update',
        { id: gbp.id, ...fields },
        finance.token,
      );
    const proposed = await update({ payee_name: 'Meridian Markets UK Ltd', bank_swift: 'barcgb22' });
    expect(proposed.data).toMatchObject({ status: 'proposed', payee_name: gbp.payee_name });
    const [shown] = (await list(first.token, { target: `wire_account:${gbp.id}`, state: 'pending' })).data
      .list;
    expect(shown).toMatchObject({
      kind: 'wire_account',
      before: { payee_name: gbp.payee_name, bank_swift: gbp.bank_swift },
      after: { payee_name: 'Meridian Markets UK Ltd', bank_swift: 'BARCGB22' },
    });
    const off = await update({ enabled: 0 });
    expect(off.data).toMatchObject({ status: 'applied', enabled: 0, payee_name: gbp.payee_name });
    // Switching off did not touch the proposed fields: the proposal still applies.
    expect((await approve(first.token, proposed.data.proposal_id)).code).toBe(1);
    const after = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, first.token);
    expect(after.data.wire.find((one) => one.id === gbp.id)).toMatchObject({
      payee_name: 'Meridian Markets UK Ltd',
      bank_swift: 'BARCGB22',
      enabled: 0,
    });
  });

  it('applies exactly once when two admins approve at the same moment', async () => {
    const proposer = await staffSession(t, 'admin', 'Ada Admin');
    const [first, second] = await admins();
    const channel = await trc20(proposer.token);
    const address = tronAddress();
    const id = (await proposeAddress(proposer.token, channel.id, address)).data.proposal_id;
    const answers = await Promise.all([approve(first.token, id), approve(second.token, id)]);
    expect(answers.map((one) => one.code).sort()).toEqual([0, 1]);
    expect(answers.find((one) => one.code === 0)?.msg).toBe('This proposal has already been decided.');
    expect(await customerAddress()).toBe(address);
    const trail = await auditOf(id, `deposit_channel:${channel.id}`);
    expect(trail.filter((one) => one.action === 'funds.channel_update')).toHaveLength(1);
    expect(trail.filter((one) => one.action === 'proposals.approve')).toHaveLength(1);
  });

  it('refuses to apply a proposal whose target changed since (its before no longer holds)', async () => {
    const [first, second] = await admins();
    const older = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'stop_out_level', value: freshLevel() },
      first.token,
    );
    const newer = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'stop_out_level', value: freshLevel() },
      first.token,
    );
    expect((await approve(second.token, newer.data.proposal_id)).code).toBe(1);
    const applied = await settingValue('stop_out_level');
    expect(await approve(second.token, older.data.proposal_id)).toEqual({
      code: 0,
      msg: 'The item has changed since this was proposed: reject it and propose the change again.',
      data: null,
    });
    expect(await settingValue('stop_out_level')).toBe(applied);
    expect(await proposalRow(older.data.proposal_id)).toEqual({ state: 'pending', decided_by: null });
    expect((await reject(second.token, older.data.proposal_id)).code).toBe(1);
  });

  it("checks a channel's bounds again when applied: another approved change may have moved the other one", async () => {
    const [first, second] = await admins();
    const channels = await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, first.token);
    const eth = channels.data.coin.find((one) => one.currency_code === 'ETH');
    if (!eth) throw new Error('no ETH channel');
    const change = (fields: Record<string, unknown>) =>
      adminCall<StaffCoinChannelUpdate>(
        t,
        'POST',
        '/admin/api/funds/channels/update',
        { id: eth.id, ...fields },
        first.token,
      );
    // Both fine on the channel as it stands (a maximum of 1000), each on its own.
    const raiseMin = await change({ min: '6' });
    const lowerMax = await change({ max: '5' });
    expect((await approve(second.token, lowerMax.data.proposal_id)).code).toBe(1);
    // The minimum's `before` still holds, but with the new maximum it would cross it.
    expect(await approve(second.token, raiseMin.data.proposal_id)).toEqual({
      code: 0,
      msg: 'The maximum must be 0 (no maximum) or at least the minimum.',
      data: null,
    });
    expect(await proposalRow(raiseMin.data.proposal_id)).toEqual({ state: 'pending', decided_by: null });
    expect(
      (await adminCall<StaffChannels>(t, 'GET', '/admin/api/funds/channels', {}, first.token)).data.coin.find(
        (one) => one.id === eth.id,
      ),
    ).toMatchObject({ min: eth.min, max: '5' });
  });

  it('refuses unknown and malformed ids, writing nothing', async () => {
    const [first] = await admins();
    const count = async () =>
      rowsOf<{ count: string }>(
        await t.database.db.execute("select count(*) from proposals where state <> 'pending'"),
      )[0]?.count;
    const before = await count();
    expect(await approve(first.token, 2_000_000_000)).toEqual({
      code: 0,
      msg: 'This proposal does not exist.',
      data: null,
    });
    for (const id of [0, -1, 'x', true, [5]])
      expect((await adminCall(t, 'POST', '/admin/api/proposals/reject', { id }, first.token)).code).toBe(0);
    expect((await list(first.token, { state: 'maybe' })).code).toBe(0);
    expect(await count()).toBe(before);
  });
});

describe('money settings, roles and admin accounts', () => {
  it('a money setting is proposed; any other setting applies at once', async () => {
    const [first] = await admins();
    const demo = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'demo_balance', value: String(50_000 + distinctCounter++) },
      first.token,
    );
    expect(demo.data).toMatchObject({ status: 'applied', proposal_id: 0 });
    for (const [key, value] of [
      ['withdraw_four_eyes_usd', '12345'],
      ['trade_fee_type', '2'],
      ['proposal_expiry_hours', '24'],
    ] as const) {
      const before = await settingValue(key);
      const answer = await adminCall<StaffSettingUpdate>(
        t,
        'POST',
        '/admin/api/settings/update',
        { key, value },
        first.token,
      );
      expect(answer.data, key).toMatchObject({ status: 'proposed' });
      expect(await settingValue(key), key).toBe(before);
      expect((await reject((await staffSession(t, 'admin')).token, answer.data.proposal_id)).code).toBe(1);
    }
  });

  it('a promotion to admin waits for a second admin; other role changes apply at once', async () => {
    const [first, second] = await admins();
    const member = await staffSession(t, 'support', 'Sam Support');
    const toFinance = await adminCall<StaffRoleOutcome>(
      t,
      'POST',
      '/admin/api/staff/role',
      { id: member.id, role: 'finance' },
      first.token,
    );
    expect(toFinance.data).toMatchObject({ role: 'finance', status: 'applied' });
    const toAdmin = await adminCall<StaffRoleOutcome>(
      t,
      'POST',
      '/admin/api/staff/role',
      { id: member.id, role: 'admin' },
      first.token,
    );
    expect(toAdmin.data).toMatchObject({ role: 'finance', status: 'proposed' });
    // Still finance: the admin-only list is refused to the member.
    expect((await list(member.token)).code).toBe(1);
    expect((await adminCall(t, 'GET', '/admin/api/staff/list', {}, member.token)).code).toBe(0);
    const approved = await approve(second.token, toAdmin.data.proposal_id);
    expect(approved.data.proposal).toMatchObject({
      kind: 'staff_role',
      before: { role: 'finance' },
      after: { role: 'admin' },
    });
    expect((await adminCall(t, 'GET', '/admin/api/staff/list', {}, member.token)).code).toBe(1);
  });

  it('an admin account is made only when a second admin approves, who gets its enrolment link', async () => {
    const [first, second] = await admins();
    const email = freshEmail('new-admin').toLowerCase();
    const proposed = await adminCall<StaffCreateOutcome>(
      t,
      'POST',
      '/admin/api/staff/create',
      { email, name: 'Nora New', role: 'admin' },
      first.token,
    );
    expect(proposed.data).toMatchObject({ status: 'proposed', staff: null, enrolment_path: '' });
    const accounts = async () =>
      rowsOf(await t.database.db.execute(`select role from staff_accounts where email = '${email}'`));
    expect(await accounts()).toEqual([]);
    const approved = await approve(second.token, proposed.data.proposal_id);
    expect(approved.data.enrolment_path).toMatch(/^\/admin\/enrol\?token=/);
    expect(await accounts()).toEqual([{ role: 'admin' }]);
    // A non-admin account is made at once, with its link.
    const support = await adminCall<StaffCreateOutcome>(
      t,
      'POST',
      '/admin/api/staff/create',
      { email: freshEmail('new-support'), name: 'Sue Support', role: 'support' },
      first.token,
    );
    expect(support.data).toMatchObject({ status: 'applied', proposal_id: 0, staff: { role: 'support' } });
  });
});
