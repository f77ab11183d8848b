import type { SessionData, User } from '@meridian/contract/auth';
import { describe, expect, it } from 'vitest';
import { call, freshAddress, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';

// A real customer switches to a demo account of their own and back without
// signing out. POST /api/user/switch_demo answers a session of the customer's linked demo user;
// the real session stays valid beside it, and the two accounts' money never mixes.
const t = useTestApp();

const ONLY_REAL = { code: 0, msg: 'Only a real account can do this.', data: null };

function switchDemo(token: string | undefined, address = freshAddress()) {
  return call<SessionData>(t, 'POST', '/api/user/switch_demo', {}, { token, address });
}

function info(token: string) {
  return call<User>(t, 'GET', '/api/user/info', {}, { token });
}

async function accountsOf(userId: number) {
  const result = await t.database.db.execute(
    `select a.mode, a.balance::text as balance,
       (select count(*)::int from ledger_entries e where e.account_id = a.id) as entries
     from trading_accounts a where a.user_id = ${Number(userId)} order by a.id`,
  );
  return rowsOf<{ mode: string; balance: string; entries: number }>(result);
}

async function linkOf(userId: number) {
  const result = await t.database.db.execute(
    `select id, is_demo, demo_device_id, demo_of_user_id from users where demo_of_user_id = ${Number(userId)}`,
  );
  return rowsOf<{ id: number; is_demo: boolean; demo_device_id: string | null; demo_of_user_id: number }>(
    result,
  );
}

describe('POST /api/user/switch_demo', () => {
  it('gives a real customer a session of their own demo account, beside the real one, and the same demo account again', async () => {
    const real = await registerByEmail(t, freshEmail('switch'));
    const first = await switchDemo(real.token);
    expect(first.code).toBe(1);
    expect(first.data.token).not.toBe(real.token);
    expect(first.data.user).toMatchObject({ is_demo: 1, email: '' });
    expect(first.data.user.id).not.toBe(real.user.id);
    // The demo user has its own demo account with the virtual balance; the real account is untouched.
    expect(await accountsOf(first.data.user.id)).toEqual([
      { mode: 'demo', balance: '100000.00000000', entries: 1 },
    ]);
    const realAccounts = await accountsOf(real.user.id);
    expect(realAccounts.every((account) => account.mode === 'real')).toBe(true);
    expect(realAccounts.map((account) => account.balance)).toEqual(realAccounts.map(() => '0.00000000'));
    // Both sessions work; each names its own user.
    expect((await info(real.token)).data).toMatchObject({ id: real.user.id, is_demo: 0 });
    expect((await info(first.data.token)).data).toMatchObject({ id: first.data.user.id, is_demo: 1 });
    // Linked to the customer, reachable by no device id.
    expect(await linkOf(real.user.id)).toEqual([
      { id: first.data.user.id, is_demo: true, demo_device_id: null, demo_of_user_id: real.user.id },
    ]);

    const again = await switchDemo(real.token);
    expect(again.code).toBe(1);
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(again.data.token).not.toBe(first.data.token);
    expect(await accountsOf(first.data.user.id)).toEqual([
      { mode: 'demo', balance: '100000.00000000', entries: 1 },
    ]);
  });

  it('ending the demo session leaves the real one signed in', async () => {
    const real = await registerByEmail(t, freshEmail('switch-out'));
    const demo = await switchDemo(real.token);
    expect((await call(t, 'POST', '/api/user/logout', {}, { token: demo.data.token })).code).toBe(1);
    expect((await info(demo.data.token)).code).toBe(999);
    expect((await info(real.token)).data).toMatchObject({ id: real.user.id, is_demo: 0 });
  });

  it('refuses a demo session (a device demo or a linked one) and a visitor, and writes nothing', async () => {
    const device = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: `device-switch-${Date.now()}`,
    });
    expect(await switchDemo(device.data.token)).toEqual(ONLY_REAL);
    expect(await linkOf(device.data.user.id)).toEqual([]);

    const real = await registerByEmail(t, freshEmail('switch-twice'));
    const linked = await switchDemo(real.token);
    // A demo token cannot reach a real account, nor make a demo of a demo.
    expect(await switchDemo(linked.data.token)).toEqual(ONLY_REAL);
    expect(await linkOf(linked.data.user.id)).toEqual([]);

    const visitor = await switchDemo(undefined);
    expect(visitor.code).toBe(999);
  });

  it('gives one demo account to two first switches at once', async () => {
    const real = await registerByEmail(t, freshEmail('switch-race'));
    const answers = await Promise.all([switchDemo(real.token), switchDemo(real.token)]);
    expect(answers.map((answer) => answer.code)).toEqual([1, 1]);
    expect(answers[0]?.data.user.id).toBe(answers[1]?.data.user.id);
    expect(await linkOf(real.user.id)).toHaveLength(1);
  });

  it(`is limited with demo logins, ${SERVER_LIMITS.demoLoginsPerAddressMax} an hour per address`, async () => {
    const real = await registerByEmail(t, freshEmail('switch-limit'));
    const address = freshAddress();
    for (let index = 0; index < SERVER_LIMITS.demoLoginsPerAddressMax; index += 1) {
      expect((await switchDemo(real.token, address)).code).toBe(1);
    }
    const refused = await switchDemo(real.token, address);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^Too many attempts/);
  });
});
