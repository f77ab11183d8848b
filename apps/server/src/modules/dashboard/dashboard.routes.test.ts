import type { Dashboard } from '@meridian/contract/back-office';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import { fund, reportDeposit, type StaffLogin, verifiedCustomer } from '../../../test/funds';
import { sendRealName } from '../../../test/real-name';
import { adminCall, readConversation, staffSession } from '../../../test/staff';
import { demoTrader, EURUSD, EURUSD_BUY, realTrader, submit } from '../../../test/trading';

// The dashboard counts the whole installation: each test reads one of its own, so no test sees
// what another did.
const t = useTradingApp({ appPer: 'test' });
let admin: StaffLogin;
let compliance: StaffLogin;
let finance: StaffLogin;
beforeEach(async () => {
  admin = await staffSession(t, 'admin', 'Ada Admin');
  compliance = await staffSession(t, 'compliance', 'Cora Compliance');
  finance = await staffSession(t, 'finance', 'Finn Finance');
});

async function dashboard(token = admin.token): Promise<Dashboard> {
  const answer = await adminCall<Dashboard>(t, 'GET', '/admin/api/dashboard', {}, token);
  if (answer.code !== 1) throw new Error(answer.msg);
  return answer.data;
}

async function submitIdentity(token: string): Promise<void> {
  const answer = await sendRealName(t, token, { name: 'Lee Siu Ming', card_id: 'K9876543' });
  if (answer.code !== 1) throw new Error(answer.msg);
}

/**
 * A day's activity: one identity waiting and one customer message unread (by the customer it
 * answers); a verified customer with one deposit credited (250) and one waiting (100.5); a real buy
 * of 0.1 and 0.2 lots and a demo sell of 0.3 lots.
 */
async function customersActToday() {
  const waiting = await registerByEmail(t, freshEmail('dash'));
  await submitIdentity(waiting.token);
  const sent = await call(t, 'POST', '/api/support/send', { text: 'Hello?' }, { token: waiting.token });
  expect(sent.code).toBe(1);
  const payer = await verifiedCustomer(t, compliance, 'dash-pay');
  await fund(t, payer.token, finance, '250');
  await reportDeposit(t, payer.token, '100.5');
  const real = await realTrader(t, '1000');
  expect((await submit(t, real, EURUSD_BUY)).code).toBe(1);
  expect((await submit(t, real, { ...EURUSD_BUY, cont: '0.2' })).code).toBe(1);
  const demo = await demoTrader(t);
  expect((await submit(t, demo, { ...EURUSD_BUY, type: 2, cont: '0.3' })).code).toBe(1);
  return { waiting };
}

describe('GET /admin/api/dashboard', () => {
  it('starts empty: nothing waits, nobody registered, no money, no positions', async () => {
    const figures = await dashboard();
    expect(figures).toMatchObject({
      day_start: '2026-11-18T00:00:00.000Z',
      generated_at: t.clock.now().toISOString(),
      pending: { identity: 0, deposits: 0, withdrawals: 0, support: 0 },
      new_customers: { real: 0, demo: 0 },
      deposits: { submitted: { count: 0, usdt: '0' }, credited: { count: 0, usdt: '0' } },
      withdrawals: { requested: { count: 0, usdt: '0' }, paid: { count: 0, usdt: '0' } },
      exposure: { real: [], demo: [] },
      open_positions: { real: 0, demo: 0 },
      sockets: t.app.realtime.stats().sockets,
      // The simulator: prices are simulated, no connection figures.
      feed: { simulated: true, runs_here: true, sources: [], instruments: [], switches: [] },
    });
  });

  it('counts what the customers did today, each figure from its own area', async () => {
    const { waiting } = await customersActToday();

    const figures = await dashboard();
    expect(figures.pending).toEqual({ identity: 1, deposits: 1, withdrawals: 0, support: 1 });
    expect(figures.new_customers).toEqual({ real: 3, demo: 1 });
    expect(figures.deposits.submitted).toEqual({ count: 2, usdt: expect.stringMatching(/^350\.50*$/) });
    expect(figures.deposits.credited).toEqual({ count: 1, usdt: expect.stringMatching(/^250(\.0*)?$/) });
    expect(figures.open_positions).toEqual({ real: 2, demo: 1 });
    expect(figures.exposure.real).toEqual([
      {
        instrument_id: EURUSD,
        code: expect.any(String),
        positions: 2,
        long_lots: expect.stringMatching(/^0\.30*$/),
        short_lots: '0',
        net_lots: expect.stringMatching(/^0\.30*$/),
      },
    ]);
    expect(figures.exposure.demo).toEqual([
      expect.objectContaining({
        instrument_id: EURUSD,
        positions: 1,
        long_lots: '0',
        short_lots: expect.stringMatching(/^0\.30*$/),
        net_lots: expect.stringMatching(/^-0\.30*$/),
      }),
    ]);

    // An agent reading the conversation takes it off the list.
    const support = await staffSession(t, 'support', 'Sam Support');
    const list = await adminCall<{ list: { id: number; user: { id: number } }[] }>(
      t,
      'GET',
      '/admin/api/support/conversations',
      {},
      support.token,
    );
    const conversation = list.data.list.find((one) => one.user.id === waiting.user.id);
    expect(conversation).toBeDefined();
    const read = await readConversation(t, conversation?.id, support.token);
    expect(read.code).toBe(1);
    expect((await dashboard(support.token)).pending.support).toBe(0);
  });

  it('counts "today" in UTC days: the next day starts from zero, while the queues stay', async () => {
    await customersActToday();
    t.clock.advance(24 * 60 * 60 * 1000);
    // A day later the first admin's session is long idle: a fresh one reads the figures.
    const nextDay = await staffSession(t, 'admin', 'Ada Admin');
    const figures = await dashboard(nextDay.token).finally(() => t.clock.advance(-24 * 60 * 60 * 1000));
    expect(figures.day_start).toBe('2026-11-19T00:00:00.000Z');
    expect(figures.new_customers).toEqual({ real: 0, demo: 0 });
    expect(figures.deposits.submitted.count).toBe(0);
    expect(figures.deposits.credited.count).toBe(0);
    expect(figures.pending.identity).toBe(1);
    expect(figures.pending.deposits).toBe(1);
    expect(figures.open_positions.real).toBe(2);
  });

  it('is refused to a role without dashboard.read, and to no session', async () => {
    const content = await staffSession(t, 'content', 'Connie Content');
    const refused = await adminCall(t, 'GET', '/admin/api/dashboard', {}, content.token);
    expect(refused).toEqual({ code: 0, msg: 'Your role does not allow this.', data: null });
    expect((await adminCall(t, 'GET', '/admin/api/dashboard', {})).code).toBe(999);
    expect(
      (await adminCall(t, 'GET', '/admin/api/dashboard', { t: 'x'.repeat(500) }, admin.token)).code,
    ).toBe(0);
  });
});
