import type { StaffSettingList, StaffSettingUpdate } from '@meridian/contract/settings-staff';
import type { ForexDetail } from '@meridian/contract/trading';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import type { StaffLogin } from '../../../test/funds';
import { adminCall, approvedBySecondAdmin, staffSession } from '../../../test/staff';
import { BTCUSDT, demoTrader, EURUSD_BUY, moveTo, realTrader, submit, trade } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

const t = useTradingApp();
let admin: StaffLogin;

async function storedSettings(): Promise<Record<string, string>> {
  const rows = rowsOf<{ key: string; value: string }>(
    await t.database.db.execute('select key, value from settings'),
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

async function orderState(id: number) {
  const result = await t.database.db.execute(
    `select status, close_reason from orders where id = ${Number(id)}`,
  );
  return rowsOf<{ status: string; close_reason: string | null }>(result)[0];
}

async function auditEntries() {
  const result = await t.database.db.execute(
    `select staff_id, target, details from audit_log where action = 'settings.update' order by id`,
  );
  return rowsOf<{ staff_id: number; target: string; details: Record<string, unknown> }>(result);
}

/** Changes a setting; a money setting's proposal is approved by a second admin, so it applies. */
async function update(key: string, value: unknown, lang = 'en') {
  return adminCall<StaffSettingUpdate>(
    t,
    'POST',
    '/admin/api/settings/update',
    { key, value },
    admin.token,
  ).then(async (answer) => {
    if (answer.code === 1 && answer.data.status === 'proposed')
      await approvedBySecondAdmin(t, answer.data.proposal_id);
    if (lang === 'en') return answer;
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/settings/update',
      headers: { lang, authorization: admin.token, 'x-forwarded-for': '10.1.2.3' },
      payload: { key, value } as Record<string, string>,
    });
    return response.json() as typeof answer;
  });
}

/** A change that must be refused with nothing written: the settings and the audit log stay as they were. */
async function refused(key: string, value: unknown): Promise<string> {
  const before = await storedSettings();
  const audits = (await auditEntries()).length;
  const answer = await adminCall(t, 'POST', '/admin/api/settings/update', { key, value }, admin.token);
  expect(answer.code, `${key}=${String(value)}`).toBe(0);
  expect(await storedSettings()).toEqual(before);
  expect((await auditEntries()).length).toBe(audits);
  return answer.msg;
}

beforeAll(async () => {
  admin = await staffSession(t, 'admin', 'Ada Admin');
});

describe('GET /admin/api/settings', () => {
  it('lists the editable settings with their values and defaults, not the content screen’s', async () => {
    const answer = await adminCall<StaffSettingList>(t, 'GET', '/admin/api/settings', {}, admin.token);
    expect(answer.code).toBe(1);
    expect(answer.data.list.map((row) => row.key)).toEqual([
      'service_link',
      'service_link_type',
      'verify_reg_type',
      'trade_fee_type',
      'is_show_mobile',
      'demo_balance',
      'stop_out_level',
      'withdraw_four_eyes_usd',
      'deposit_tolerance_percent',
      'proposal_expiry_hours',
      'feed_spike_factor',
      'feed_stale_seconds',
      'real_trading_on_simulated_prices',
    ]);
    expect(answer.data.list.find((row) => row.key === 'demo_balance')).toMatchObject({
      value: '100000',
      default_value: '100000',
    });
    // Off on a fresh installation; the test app turns it on at its start (test/simulated-prices.ts).
    expect(answer.data.list.find((row) => row.key === 'real_trading_on_simulated_prices')).toMatchObject({
      value: '1',
      default_value: '0',
    });
  });

  it('is refused to a role without settings.edit', async () => {
    const content = await staffSession(t, 'content');
    expect((await adminCall(t, 'GET', '/admin/api/settings', {}, content.token)).code).toBe(0);
    const before = await storedSettings();
    expect(
      (
        await adminCall(
          t,
          'POST',
          '/admin/api/settings/update',
          { key: 'demo_balance', value: '5' },
          content.token,
        )
      ).code,
    ).toBe(0);
    expect(await storedSettings()).toEqual(before);
  });
});

describe('POST /admin/api/settings/update', () => {
  it('changes the demo balance: the next demo account starts with it, audited with before and after', async () => {
    const answer = await update('demo_balance', '25000.50');
    expect(answer).toMatchObject({ code: 1, data: { key: 'demo_balance', value: '25000.5' } });
    const demo = await demoTrader(t);
    const detail = await call<ForexDetail>(
      t,
      'GET',
      '/v1/api/main/account/forexDetail',
      {},
      { token: demo.token },
    );
    expect(detail.data.balance).toBe('25000.5');
    expect((await auditEntries()).at(-1)).toMatchObject({
      staff_id: admin.id,
      target: 'setting:demo_balance',
      details: { before: { demo_balance: '100000' }, after: { demo_balance: '25000.5' } },
    });
    expect((await update('demo_balance', 100000)).code).toBe(1);
  });

  it('changes the fee type: the next order is charged by it at once', async () => {
    const demo = await demoTrader(t);
    const before = await submit(t, demo, EURUSD_BUY);
    expect(before.code).toBe(1);
    expect((await update('trade_fee_type', '2')).code).toBe(1);
    const after = await submit(t, demo, EURUSD_BUY);
    expect(after.code).toBe(1);
    // Type 1: 7 USDT per lot x 0.1 lots; type 2: 7 x the margin.
    expect(Number(before.data.TradeFee)).toBeCloseTo(0.7, 6);
    expect(Number(after.data.TradeFee)).toBeCloseTo(7 * Number(after.data.CautionMoney), 4);
    for (const order of [before, after])
      expect((await trade(t, demo, 'close', { id: order.data.Id })).code).toBe(1);
    expect((await update('trade_fee_type', '1')).code).toBe(1);
  });

  it('changes the stop-out level, the registration and the service link, which the app reads at once', async () => {
    expect((await update('stop_out_level', '30')).code).toBe(1);
    const demo = await demoTrader(t);
    const detail = await call<ForexDetail>(
      t,
      'GET',
      '/v1/api/main/account/forexDetail',
      {},
      { token: demo.token },
    );
    expect(detail.data.stop_out_level).toBe('30');
    expect((await update('verify_reg_type', '2')).code).toBe(1);
    expect((await update('is_show_mobile', 3)).code).toBe(1);
    expect((await update('service_link', 'https://chat.example.com/meridian?x=1')).code).toBe(1);
    expect((await update('service_link_type', '1')).code).toBe(1);
    const info = await call(t, 'GET', '/api/basicSet/getBasicInfo');
    expect(info.data).toMatchObject({
      service_link: 'https://chat.example.com/meridian?x=1',
      service_link_type: 1,
      verify_reg_type: 2,
      is_show_mobile: 3,
    });
    expect((await update('withdraw_four_eyes_usd', '0')).code).toBe(1);
    expect((await storedSettings()).withdraw_four_eyes_usd).toBe('0');
    for (const [key, value] of [
      ['stop_out_level', '50'],
      ['verify_reg_type', '1'],
      ['is_show_mobile', '1'],
      ['service_link', '/mine/chat'],
      ['service_link_type', '3'],
      ['withdraw_four_eyes_usd', '10000'],
    ] as const)
      expect((await update(key, value)).code).toBe(1);
  });

  it('lets real accounts trade on simulated prices only once a second admin approves it, audited', async () => {
    const real = await realTrader(t, '1000');
    // Off (the installation's default), proposed and approved: the next real order is refused.
    expect((await update('real_trading_on_simulated_prices', '0')).code).toBe(1);
    expect((await storedSettings()).real_trading_on_simulated_prices).toBe('0');
    const refusal = await submit(t, real, EURUSD_BUY);
    expect(refusal).toMatchObject({ code: 0 });
    expect(refusal.msg).toMatch(/^Real accounts cannot trade on simulated prices\./);
    // On: only proposed until a second admin decides; meanwhile still refused.
    const proposed = await adminCall<StaffSettingUpdate>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key: 'real_trading_on_simulated_prices', value: '1' },
      admin.token,
    );
    expect(proposed.data).toMatchObject({ status: 'proposed', value: '0' });
    expect((await submit(t, real, EURUSD_BUY)).code).toBe(0);
    await approvedBySecondAdmin(t, proposed.data.proposal_id);
    expect((await storedSettings()).real_trading_on_simulated_prices).toBe('1');
    expect((await auditEntries()).at(-1)).toMatchObject({
      target: 'setting:real_trading_on_simulated_prices',
      details: {
        before: { real_trading_on_simulated_prices: '0' },
        after: { real_trading_on_simulated_prices: '1' },
        proposal_id: proposed.data.proposal_id,
      },
    });
    const allowed = await submit(t, real, EURUSD_BUY);
    expect(allowed.code).toBe(1);
    expect((await trade(t, real, 'close', { id: allowed.data.Id })).code).toBe(1);
    // Only 0 or 1.
    expect(await refused('real_trading_on_simulated_prices', '2')).toBe('Please choose one of: 0, 1.');
  });

  it('raises the stop-out level: the trigger engine stops out an account now below it on the next price', async () => {
    await moveTo(t, BTCUSDT, '95000.00');
    const demo = await demoTrader(t);
    // 20 lots at 20x: about 95,000 USDT of margin out of 100,000.
    const order = await submit(t, demo, { type: 1, status: 1, cont: '20', forex_id: BTCUSDT, multiple: 20 });
    expect(order.code).toBe(1);
    // A drop that leaves the risk rate near 60 %: above the 50 % level, so nothing happens.
    await moveTo(t, BTCUSDT, '92900.00');
    const detail = await call<ForexDetail>(
      t,
      'GET',
      '/v1/api/main/account/forexDetail',
      {},
      { token: demo.token },
    );
    expect(Number(detail.data.risk_rate)).toBeGreaterThan(55);
    expect(Number(detail.data.risk_rate)).toBeLessThan(65);
    expect(await orderState(order.data.Id)).toEqual({ status: 'holding', close_reason: null });
    expect((await update('stop_out_level', '70')).code).toBe(1);
    await expect
      .poll(async () => {
        await moveTo(t, BTCUSDT, '92900.00');
        return orderState(order.data.Id);
      })
      .toEqual({ status: 'closed', close_reason: 'stop_out' });
    expect((await update('stop_out_level', '50')).code).toBe(1);
  });

  it('refuses values outside each key’s rule, and keys that are not its own, writing nothing', async () => {
    expect(await refused('company_name', 'Evil Corp')).toContain('not one of the allowed values');
    expect(await refused('simulator_seed', '1')).toContain('not one of the allowed values');
    expect(await refused('demo_balance', '0')).toBe(
      'Enter a number greater than 0 and at most 100000000, with at most 2 decimal places.',
    );
    expect(await refused('demo_balance', '-5')).toContain('greater than 0');
    expect(await refused('demo_balance', '1.234')).toContain('at most 2 decimal places');
    expect(await refused('demo_balance', '100000000.01')).toContain('at most 100000000');
    expect(await refused('demo_balance', '1e5')).toContain('greater than 0');
    expect(await refused('demo_balance', 'lots')).toContain('greater than 0');
    expect(await refused('stop_out_level', '0')).toContain('greater than 0 and at most 100');
    expect(await refused('stop_out_level', '100.5')).toContain('at most 100');
    expect(await refused('withdraw_four_eyes_usd', '-1')).toBe(
      'Enter a number from 0 to 100000000 with at most 2 decimal places.',
    );
    expect(await refused('trade_fee_type', '3')).toBe('Please choose one of: 1, 2.');
    expect(await refused('service_link_type', '0')).toBe('Please choose one of: 1, 2, 3.');
    expect(await refused('is_show_mobile', '2')).toBe('Please choose one of: 1, 3.');
    expect(await refused('verify_reg_type', '')).toBe('Please choose one of: 1, 2.');
    const link =
      'Enter a path of the app starting with / (such as /mine/chat) or an address starting with https://.';
    expect(await refused('service_link', 'javascript:alert(1)')).toBe(link);
    expect(await refused('service_link', '//evil.example.com')).toBe(link);
    expect(await refused('service_link', '/\\evil.example.com')).toBe(link);
    expect(await refused('service_link', 'https://chat.example.com/\\x')).toBe(link);
    expect(await refused('service_link', 'http://chat.example.com')).toBe(link);
    expect(await refused('service_link', '/mine/chat\u0000')).toContain('control character');
    expect(await refused('service_link', `/${'a'.repeat(600)}`)).toContain('too long');
    expect(await refused('demo_balance', '100000')).toBe(
      'Nothing to change: the new value is the one in force.',
    );
  });

  it('answers refusals in the staff member’s language', async () => {
    const answer = await update('trade_fee_type', '9', 'hk');
    expect(answer).toMatchObject({ code: 0, msg: '請從以下選擇其一：1, 2。' });
  });
});
