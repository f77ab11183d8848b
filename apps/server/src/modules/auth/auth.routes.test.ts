import type { SessionData, User } from '@meridian/contract/auth';
import { LIMITS } from '@meridian/contract/limits';
import { describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  freshAddress,
  freshEmail,
  freshMobile,
  HONG_KONG,
  login,
  loginByMobile,
  PASSWORD,
  registerByEmail,
  registerByMobile,
  SESSION_INVALID,
  snapshotCounts,
} from '../../../test/accounts';
import { body } from '../../../test/app';
import { useTestApp } from '../../../test/app-hooks';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';
import { areaIdOf } from '../settings/area-codes';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const LOGIN_FAILED = { code: 0, msg: 'The account or password is incorrect.', data: null };

async function info(token: string | undefined) {
  return call<User>(t, 'GET', '/api/user/info', {}, token === undefined ? {} : { token });
}

async function demo(demoId: string, address?: string) {
  return call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', { demo_id: demoId }, { address });
}

async function accountOf(userId: number) {
  const result = await t.database.db.execute(
    `select a.id, a.mode, a.balance::text as balance, a.lock_balance::text as lock_balance,
       (select count(*)::int from ledger_entries e where e.account_id = a.id) as entries,
       (select string_agg(kind || ':' || amount::text || ':' || memo_key, ',') from ledger_entries e where e.account_id = a.id) as detail
     from trading_accounts a where a.user_id = ${Number(userId)}`,
  );
  return rowsOf<{
    id: number;
    mode: string;
    balance: string;
    lock_balance: string;
    entries: number;
    detail: string;
  }>(result)[0];
}

describe('GET /api/user/createAccountDemoForU', () => {
  it('creates a demo user with 100000 USDT credited by exactly one ledger entry, and finds it again by device id', async () => {
    const first = await demo('device-alpha-0001');
    expect(first.code).toBe(1);
    expect(first.data.user).toMatchObject({ is_demo: 1, email: '', mobile: '', invited_count: 0 });
    expect(first.data.token.length).toBeGreaterThanOrEqual(43);
    const account = await accountOf(first.data.user.id);
    expect(account).toMatchObject({
      mode: 'demo',
      balance: '100000.00000000',
      lock_balance: '0.00000000',
      entries: 1,
      detail: 'demo_credit:100000.00000000:ledger.demo_credit',
    });

    const again = await demo('device-alpha-0001');
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(again.data.token).not.toBe(first.data.token);
    expect((await accountOf(first.data.user.id))?.entries).toBe(1);
    // Both sessions work, and each answers the same user.
    expect((await info(first.data.token)).data.id).toBe(first.data.user.id);
    expect((await info(again.data.token)).data.id).toBe(first.data.user.id);

    const other = await demo('device-beta-00002');
    expect(other.data.user.id).not.toBe(first.data.user.id);
  });

  it('gives one user to two simultaneous first logins of the same device', async () => {
    const answers = await Promise.all([demo('device-race-0001'), demo('device-race-0001')]);
    expect(answers.map((answer) => answer.code)).toEqual([1, 1]);
    expect(answers[0]?.data.user.id).toBe(answers[1]?.data.user.id);
    expect((await accountOf(answers[0]?.data.user.id ?? 0))?.entries).toBe(1);
  });

  it('refuses a missing, malformed or oversized device id and writes nothing', async () => {
    const before = await snapshotCounts(t);
    expect(await call(t, 'GET', '/api/user/createAccountDemoForU')).toEqual({
      code: 0,
      msg: 'Device id is required.',
      data: null,
    });
    for (const demoId of [
      'short',
      'has spaces in it',
      'x'.repeat(LIMITS.demoDeviceIdLengthMax + 1),
      '<script>1234',
    ]) {
      expect(await demo(demoId)).toEqual({ code: 0, msg: 'The device id is not valid.', data: null });
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it(`limits demo logins to ${SERVER_LIMITS.demoLoginsPerAddressMax} per address`, async () => {
    const address = freshAddress();
    for (let index = 0; index < SERVER_LIMITS.demoLoginsPerAddressMax; index += 1) {
      expect((await demo('device-limit-0001', address)).code).toBe(1);
    }
    const usersBefore = await countRows(t, 'users');
    const refused = await demo('device-limit-0002', address);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await countRows(t, 'users')).toBe(usersBefore);
    // Another address is not affected.
    expect((await demo('device-limit-0002')).code).toBe(1);
  });
  it('counts a public client by its own address, whatever X-Forwarded-For it sends', async () => {
    const send = (index: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/user/createAccountDemoForU?demo_id=device-spoof-${String(index).padStart(4, '0')}`,
        remoteAddress: '203.0.113.7',
        headers: { lang: 'en', 'x-forwarded-for': `198.51.100.${index % 250}` },
      });
    for (let index = 0; index < SERVER_LIMITS.demoLoginsPerAddressMax; index += 1) {
      expect(body(await send(index)).code).toBe(1);
    }
    expect(body(await send(SERVER_LIMITS.demoLoginsPerAddressMax)).msg).toMatch(/^Too many attempts/);
  });
});

describe('POST /api/user/loginForU', () => {
  it('logs in by e-mail (JSON or form, any letter case) and by area code + mobile number', async () => {
    const email = freshEmail('Login');
    const registered = await registerByEmail(t, email);
    const byJson = await login(t, email);
    expect(byJson.code).toBe(1);
    expect(byJson.data.user).toEqual(registered.user);
    const byForm = await login(t, email.toUpperCase(), PASSWORD, { form: true });
    expect(byForm.code).toBe(1);
    expect(byForm.data.token).not.toBe(byJson.data.token);

    const mobile = freshMobile();
    const byMobile = await registerByMobile(t, HONG_KONG, mobile);
    expect(byMobile.user).toMatchObject({ email: '', mobile, area_code: '+852', is_demo: 0 });
    const answer = await call<SessionData>(t, 'POST', '/api/user/loginForU', {
      type: 'mobile',
      account: mobile,
      area_id: HONG_KONG.id,
      password: PASSWORD,
    });
    expect(answer.code).toBe(1);
    expect(answer.data.user.id).toBe(byMobile.user.id);
    expect((await info(answer.data.token)).data.mobile).toBe(mobile);
  });

  it('treats a number typed with or without the national trunk prefix as the same phone', async () => {
    const taiwan = { id: areaIdOf('TW'), globalCode: '+886' };
    const national = `9${freshMobile().slice(-8)}`;
    const session = await registerByMobile(t, taiwan, national);
    expect(session.user.mobile).toBe(national);
    const answer = await call<SessionData>(t, 'POST', '/api/user/loginForU', {
      type: 'mobile',
      account: `0${national}`,
      area_id: taiwan.id,
      password: PASSWORD,
    });
    expect(answer.data.user.id).toBe(session.user.id);
    const again = await call(t, 'POST', '/api/notify/send_sms', {
      to: `0${national}`,
      area_id: taiwan.id,
      type: 1,
    });
    expect(again.msg).toBe('This account is already registered.');
  });

  it('answers a wrong password and an unknown account with the same message, and opens no session', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    const sessions = await countRows(t, 'sessions');
    expect(await login(t, email, 'Wrong1234')).toEqual(LOGIN_FAILED);
    expect(await login(t, freshEmail('nobody'), PASSWORD)).toEqual(LOGIN_FAILED);
    expect(await loginByMobile(t, '91234000')).toEqual(LOGIN_FAILED);
    // A demo user has no password: no password logs into it.
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  it('says clearly which field is missing, of the wrong type or too long, and writes nothing', async () => {
    const before = await snapshotCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ account: 'a@example.com' }, 'Password is required.'],
      [{ password: PASSWORD }, 'Account is required.'],
      [{ account: '', password: PASSWORD }, 'Account is required.'],
      [
        { account: `${'a'.repeat(250)}@example.com`, password: PASSWORD },
        'Account is too long (at most 254 characters).',
      ],
      [
        { account: 'a@example.com', password: 'p'.repeat(65) },
        'Password is too long (at most 64 characters).',
      ],
      [{ type: 'phone', account: 'a@example.com', password: PASSWORD }, 'Choose e-mail or mobile.'],
      [
        { type: 'email', account: 'not-an-email', password: PASSWORD },
        'Please enter a valid e-mail address.',
      ],
      // Without area_id a number in international form names its area: none for a country the
      // service is not offered to (+86).
      [{ type: 'mobile', account: '+8613812345678', password: PASSWORD }, 'This area code is not available.'],
      [
        { type: 'mobile', account: '91234567', area_id: 'abc', password: PASSWORD },
        'Area code must be a positive whole number.',
      ],
      [
        { type: 'mobile', account: '+852 9123', area_id: HONG_KONG.id, password: PASSWORD },
        'Please enter a valid mobile number (digits only).',
      ],
      [
        { type: 'mobile', account: '91234567', area_id: 999_999, password: PASSWORD },
        'This area code is not available.',
      ],
    ];
    for (const [fields, message] of cases) {
      expect(await call(t, 'POST', '/api/user/loginForU', fields)).toEqual({
        code: 0,
        msg: message,
        data: null,
      });
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it('answers in the language of the lang header', async () => {
    const answer = await call(
      t,
      'POST',
      '/api/user/loginForU',
      { account: freshEmail(), password: 'Nope12345' },
      { lang: 'de' },
    );
    expect(answer.code).toBe(0);
    expect(answer.msg).not.toBe(LOGIN_FAILED.msg);
    expect(answer.msg).toMatch(/Passwort/);
  });

  it(`locks an account for a while after ${SERVER_LIMITS.loginFailuresPerAccountMax} failed logins, even with the right password then`, async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    for (let index = 0; index < SERVER_LIMITS.loginFailuresPerAccountMax; index += 1) {
      expect(await login(t, email, 'Wrong1234')).toEqual(LOGIN_FAILED);
    }
    const sessions = await countRows(t, 'sessions');
    const refused = await login(t, email, PASSWORD);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  it('forgets earlier failures after a successful login', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < SERVER_LIMITS.loginFailuresPerAccountMax - 1; index += 1) {
        expect(await login(t, email, 'Wrong1234')).toEqual(LOGIN_FAILED);
      }
      expect((await login(t, email)).code).toBe(1);
    }
  });

  it(`limits login attempts to ${SERVER_LIMITS.loginAttemptsPerAddressMax} per address`, async () => {
    const address = freshAddress();
    const locked = freshEmail('locked');
    // Failures on one unknown account lock it after a few tries; later tries are refused without a
    // password check but still count against the address.
    for (let index = 0; index < SERVER_LIMITS.loginAttemptsPerAddressMax; index += 1) {
      expect((await login(t, locked, 'Wrong1234', { address })).code).toBe(0);
    }
    const email = freshEmail();
    await registerByEmail(t, email);
    const refused = await login(t, email, PASSWORD, { address });
    expect(refused.msg).toMatch(/^Too many attempts/);
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });
});

describe('sessions and GET /api/user/info', () => {
  it('answers the signed-in user, with the token raw or as a Bearer token', async () => {
    const session = await registerByEmail(t, freshEmail());
    expect(await info(session.token)).toEqual({ code: 1, msg: 'Success', data: session.user });
    expect((await info(`Bearer ${session.token}`)).data.id).toBe(session.user.id);
  });

  it('answers 999 to a missing, unknown or malformed token', async () => {
    expect(await info(undefined)).toEqual(SESSION_INVALID);
    expect(await info('')).toEqual(SESSION_INVALID);
    expect(await info('not-a-token')).toEqual(SESSION_INVALID);
    expect(await info('Bearer ')).toEqual(SESSION_INVALID);
    expect(await info('x'.repeat(5000))).toEqual(SESSION_INVALID);
  });

  it('never shows one user the data of another', async () => {
    const alice = await registerByEmail(t, freshEmail('alice'));
    const bob = await registerByEmail(t, freshEmail('bob'));
    const aliceInfo = await info(alice.token);
    const bobInfo = await info(bob.token);
    expect(aliceInfo.data.id).toBe(alice.user.id);
    expect(bobInfo.data.id).toBe(bob.user.id);
    expect(aliceInfo.data.email).not.toBe(bobInfo.data.email);
    // Fields in the query cannot select another user.
    const forged = await call<User>(
      t,
      'GET',
      '/api/user/info',
      { id: bob.user.id, uid: bob.user.uid },
      { token: alice.token },
    );
    expect(forged.data.id).toBe(alice.user.id);
  });

  it('stores only a hash of the token', async () => {
    const session = await registerByEmail(t, freshEmail());
    const result = await t.database.db.execute(
      `select token_hash from sessions where user_id = ${Number(session.user.id)}`,
    );
    const hashes = rowsOf<{ token_hash: string }>(result).map((row) => row.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(session.token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires after 30 days without use, and slides while the session is used', async () => {
    const idle = await registerByEmail(t, freshEmail());
    const active = await registerByEmail(t, freshEmail());
    t.clock.advance(20 * DAY_MS);
    expect((await info(active.token)).code).toBe(1);
    t.clock.advance(11 * DAY_MS);
    expect(await info(idle.token)).toEqual(SESSION_INVALID);
    expect((await info(active.token)).code).toBe(1);
  });

  it('extends the expiry at most once per touch interval', async () => {
    const session = await registerByEmail(t, freshEmail());
    const expiresAt = async () =>
      rowsOf<{ expires_at: string }>(
        await t.database.db.execute(
          `select expires_at::text as expires_at from sessions where user_id = ${Number(session.user.id)}`,
        ),
      )[0]?.expires_at;
    const initial = await expiresAt();
    t.clock.advance((SERVER_LIMITS.sessionTouchIntervalSeconds - 1) * 1000);
    await info(session.token);
    expect(await expiresAt()).toBe(initial);
    t.clock.advance(2000);
    await info(session.token);
    expect(await expiresAt()).not.toBe(initial);
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const email = freshEmail();
    const first = await registerByEmail(t, email);
    const second = await login(t, email);
    expect(await call(t, 'POST', '/api/user/logout', {}, { token: first.token })).toEqual({
      code: 1,
      msg: 'Success',
      data: {},
    });
    expect(await info(first.token)).toEqual(SESSION_INVALID);
    expect(await call(t, 'POST', '/api/user/logout', {}, { token: first.token })).toEqual(SESSION_INVALID);
    expect((await info(second.data.token)).code).toBe(1);
  });

  it('answers 999 without a token', async () => {
    expect(await call(t, 'POST', '/api/user/logout')).toEqual(SESSION_INVALID);
  });
});
