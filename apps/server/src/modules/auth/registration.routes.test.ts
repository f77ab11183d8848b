import type { SessionData, User } from '@meridian/contract/auth';
import { LIMITS } from '@meridian/contract/limits';
import argon2 from 'argon2';
import svgCaptcha from 'svg-captcha';
import { afterAll, afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  call,
  countRows,
  emailFields,
  freshEmail,
  freshMobile,
  HONG_KONG,
  lastCode,
  login,
  loginByMobile,
  otherCodeThan,
  PASSWORD,
  readOutbox,
  registerByEmail,
  snapshotCounts,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';
import { setSetting } from '../settings/settings.service';

const t = useTestApp();

async function sendEmailCode(email: string, type = 1): Promise<string> {
  const sent = await call(t, 'POST', '/api/notify/send_email', { email, type });
  expect(sent.code).toBe(1);
  return lastCode(t, email, type);
}

function register(fields: Record<string, unknown>, options: { lang?: string; form?: boolean } = {}) {
  return call<SessionData>(t, 'POST', '/api/user/register', fields, options);
}

/** Registers with a wrong code as often as the limit allows before it kills the code. */
async function expectRefusedAsIncorrectUntilTheLastTry(email: string, wrong: string): Promise<void> {
  for (let attempt = 1; attempt < SERVER_LIMITS.verificationCodeAttemptsMax; attempt += 1) {
    expect(await register(emailFields(email, wrong))).toEqual({
      code: 0,
      msg: 'The verification code is incorrect.',
      data: null,
    });
  }
}

async function userRow(userId: number) {
  const result = await t.database.db.execute(
    `select u.referrer_id, u.password_hash, u.language, a.mode, a.balance::text as balance,
       (select count(*)::int from ledger_entries e where e.account_id = a.id) as entries
     from users u join trading_accounts a on a.user_id = u.id where u.id = ${Number(userId)}`,
  );
  return rowsOf<{
    referrer_id: number | null;
    password_hash: string;
    language: string;
    mode: string;
    balance: string;
    entries: number;
  }>(result)[0];
}

describe('POST /api/user/register with an e-mail code', () => {
  it('creates the user, a real account at zero with no ledger entry, and a working session', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    const answer = await register(emailFields(email, code), { lang: 'jp' });
    expect(answer.code).toBe(1);
    expect(answer.data.user).toMatchObject({
      email,
      mobile: '',
      area_code: '',
      is_demo: 0,
      invited_count: 0,
    });
    expect(answer.data.user.uid).toMatch(new RegExp(`^[1-9][0-9]{${LIMITS.uidDigits - 1}}$`));
    expect(answer.data.user.invite_code).toMatch(new RegExp(`^[A-Z2-9]{${LIMITS.inviteCodeLength}}$`));
    const row = await userRow(answer.data.user.id);
    expect(row).toMatchObject({
      mode: 'real',
      balance: '0.00000000',
      entries: 0,
      referrer_id: null,
      language: 'jp',
    });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const info = await call<User>(t, 'GET', '/api/user/info', {}, { token: answer.data.token });
    expect(info.data).toEqual(answer.data.user);
  });

  it('accepts the form-urlencoded body the app sends', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    expect((await register(emailFields(email, code), { form: true })).code).toBe(1);
  });

  it('refuses an address that is already registered, in any letter case, and writes nothing', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    const before = await snapshotCounts(t);
    expect(await register(emailFields(email.toUpperCase(), '123456'))).toEqual({
      code: 0,
      msg: 'This account is already registered.',
      data: null,
    });
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it('refuses a wrong code, then kills the code at the fifth wrong try', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    const wrong = otherCodeThan(code);
    const before = await snapshotCounts(t);
    await expectRefusedAsIncorrectUntilTheLastTry(email, wrong);
    expect((await register(emailFields(email, wrong))).msg).toBe(
      'Too many wrong verification codes. Please request a new one.',
    );
    expect((await register(emailFields(email, code))).msg).toBe(
      'The verification code has expired or has already been used. Please request a new one.',
    );
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it('refuses an expired code (after 10 minutes) and writes nothing', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    t.clock.advance(SERVER_LIMITS.verificationCodeTtlSeconds * 1000);
    const before = await snapshotCounts(t);
    expect((await register(emailFields(email, code))).msg).toBe(
      'The verification code has expired or has already been used. Please request a new one.',
    );
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it('accepts only the newest code, and only for its own address and purpose', async () => {
    const email = freshEmail();
    const other = freshEmail();
    const otherCode = await sendEmailCode(other);
    const first = await sendEmailCode(email);
    t.clock.advance(LIMITS.verificationCodeResendSeconds * 1000);
    const second = await sendEmailCode(email);
    expect((await register(emailFields(email, otherCode === second ? '999999' : otherCode))).code).toBe(0);
    if (first !== second) expect((await register(emailFields(email, first))).code).toBe(0);
    expect((await register(emailFields(email, second))).code).toBe(1);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const email = freshEmail();
    const before = await snapshotCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...emailFields(email, '123456'), type: undefined }, 'Type is required.'],
      [{ ...emailFields(email, '123456'), type: 'fax' }, 'Choose e-mail or mobile.'],
      [{ ...emailFields(email, '123456'), account: undefined }, 'Account is required.'],
      [{ ...emailFields(email, '123456'), account: 'someone' }, 'Please enter a valid e-mail address.'],
      [
        { ...emailFields(email, '123456'), account: `${'a'.repeat(260)}@x.com` },
        'Account is too long (at most 254 characters).',
      ],
      [{ ...emailFields(email, '123456'), password: undefined }, 'Password is required.'],
      [
        { ...emailFields(email, '123456'), password: 'Ab1', re_password: 'Ab1' },
        'The password must be 8 to 64 characters long.',
      ],
      [
        { ...emailFields(email, '123456'), password: 'abcdefgh', re_password: 'abcdefgh' },
        'The password must contain both letters and digits.',
      ],
      [{ ...emailFields(email, '123456'), re_password: 'Secret124' }, 'The two passwords are not the same.'],
      [{ ...emailFields(email, '123456'), re_password: undefined }, 'Confirm password is required.'],
      [{ ...emailFields(email, '') }, 'Verification code is required.'],
      [{ ...emailFields(email, '1'.repeat(17)) }, 'Verification code is too long (at most 16 characters).'],
      [{ ...emailFields(email, '123456'), area_id: 'x' }, 'Area code must be a positive whole number.'],
      [
        { ...emailFields(email, '123456'), invite_code: 'X'.repeat(40) },
        'Invite code is too long (at most 16 characters).',
      ],
      [{ ...emailFields(email, '123456'), password: 12345678 }, 'Password has the wrong type.'],
    ];
    for (const [fields, message] of cases) {
      expect(await register(fields)).toEqual({ code: 0, msg: message, data: null });
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });
});

describe('POST /api/user/register with a mobile number', () => {
  it('registers with the number in account or in mobile, and logs in with it', async () => {
    for (const field of ['account', 'mobile'] as const) {
      const mobile = freshMobile();
      const sent = await call(t, 'POST', '/api/notify/send_sms', {
        to: mobile,
        area_id: HONG_KONG.id,
        type: 1,
      });
      expect(sent.code).toBe(1);
      const code = await lastCode(t, `+852${mobile}`, 1);
      const answer = await register({
        type: 'mobile',
        [field]: mobile,
        area_id: HONG_KONG.id,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
      });
      expect(answer.code).toBe(1);
      expect(answer.data.user).toMatchObject({ mobile, area_code: '+852', email: '' });
      expect((await loginByMobile(t, mobile)).code).toBe(1);
    }
  });

  it('needs an area code that exists, and a number of digits', async () => {
    const before = await snapshotCounts(t);
    const base = { type: 'mobile', password: PASSWORD, re_password: PASSWORD, sms_code: '123456' };
    expect((await register({ ...base, account: '+8613812345678' })).msg).toBe(
      'This area code is not available.',
    );
    expect((await register({ ...base, area_id: HONG_KONG.id })).msg).toBe('Account is required.');
    expect((await register({ ...base, mobile: '12ab', area_id: HONG_KONG.id })).msg).toBe(
      'Please enter a valid mobile number (digits only).',
    );
    expect((await register({ ...base, account: '91234567', area_id: 999_999 })).msg).toBe(
      'This area code is not available.',
    );
    expect(await snapshotCounts(t)).toEqual(before);
  });
});

describe('invite codes', () => {
  it('links the new user to the referrer, whose invited count grows', async () => {
    const referrer = await registerByEmail(t, freshEmail('referrer'));
    const invited = await registerByEmail(t, freshEmail('invited'), {
      invite_code: referrer.user.invite_code.toLowerCase(),
    });
    expect((await userRow(invited.user.id))?.referrer_id).toBe(referrer.user.id);
    const info = await call<User>(t, 'GET', '/api/user/info', {}, { token: referrer.token });
    expect(info.data.invited_count).toBe(1);
  });

  it('refuses an unknown invite code, keeps the code usable, and writes nothing', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    const before = await snapshotCounts(t);
    expect(await register(emailFields(email, code, { invite_code: 'ZZZZZZZZ' }))).toEqual({
      code: 0,
      msg: 'This invite code does not exist.',
      data: null,
    });
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await register(emailFields(email, code, { invite_code: '' }))).code).toBe(1);
  });
});

describe('POST /api/user/register with the image captcha (verify_reg_type 2)', () => {
  const createSpy = vi.spyOn(svgCaptcha, 'create');
  afterEach(async () => {
    await setSetting(t.database.db, 'verify_reg_type', '1');
  });
  afterAll(() => {
    createSpy.mockRestore();
  });

  async function newCaptcha(): Promise<{ key: string; text: string }> {
    const answer = await call<{ key: string; image: string }>(t, 'GET', '/api/default/captcha');
    expect(answer.code).toBe(1);
    const text = createSpy.mock.results.at(-1)?.value.text as string;
    return { key: answer.data.key, text };
  }

  it('registers with the captcha text (any case) instead of a code, and the captcha works once', async () => {
    await setSetting(t.database.db, 'verify_reg_type', '2');
    const captcha = await newCaptcha();
    const email = freshEmail();
    const outboxBefore = (await readOutbox(t)).length;
    const answer = await register(emailFields(email, captcha.text.toUpperCase(), { key: captcha.key }));
    expect(answer.code).toBe(1);
    expect((await readOutbox(t)).length).toBe(outboxBefore);
    const reused = await register(emailFields(freshEmail(), captcha.text, { key: captcha.key }));
    expect(reused).toEqual({
      code: 0,
      msg: 'The image code is incorrect or has expired. Please try a new one.',
      data: null,
    });
  });

  it('spends the captcha on a wrong answer, refuses a missing key or an expired captcha, and writes no user', async () => {
    await setSetting(t.database.db, 'verify_reg_type', '2');
    const usersBefore = await countRows(t, 'users');
    const captcha = await newCaptcha();
    const email = freshEmail();
    expect((await register(emailFields(email, 'wrong', { key: captcha.key }))).code).toBe(0);
    expect((await register(emailFields(email, captcha.text, { key: captcha.key }))).code).toBe(0);
    expect((await register(emailFields(email, 'abcd'))).msg).toBe(
      'The image code is incorrect or has expired. Please try a new one.',
    );
    const late = await newCaptcha();
    t.clock.advance(SERVER_LIMITS.captchaTtlSeconds * 1000);
    expect((await register(emailFields(email, late.text, { key: late.key }))).code).toBe(0);
    expect(await countRows(t, 'users')).toBe(usersBefore);
  });

  it('no longer accepts e-mail codes in captcha mode', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    await setSetting(t.database.db, 'verify_reg_type', '2');
    expect((await register(emailFields(email, code))).code).toBe(0);
  });
});

describe('cheap checks before the password hash', () => {
  // argon2id takes 64 MiB and tens of milliseconds: a wrong code must not buy one.
  let hashes: MockInstance<typeof argon2.hash>;
  beforeEach(() => {
    hashes = vi.spyOn(argon2, 'hash');
  });
  afterEach(async () => {
    hashes.mockRestore();
    await setSetting(t.database.db, 'verify_reg_type', '1');
  });

  it('turns a wrong code away without hashing the password, and still counts the try', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    const wrong = otherCodeThan(code);
    const before = await snapshotCounts(t);
    await expectRefusedAsIncorrectUntilTheLastTry(email, wrong);
    expect(hashes).not.toHaveBeenCalled();
    expect(await snapshotCounts(t)).toEqual(before);
    // The right code after four wrong ones still works, hashing once.
    expect((await register(emailFields(email, code))).code).toBe(1);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('turns away a missing or expired code and a wrong captcha without hashing', async () => {
    expect((await register(emailFields(freshEmail(), '123456'))).code).toBe(0);
    await setSetting(t.database.db, 'verify_reg_type', '2');
    expect((await register(emailFields(freshEmail(), 'abcd', { key: 'no-such-captcha' }))).msg).toBe(
      'The image code is incorrect or has expired. Please try a new one.',
    );
    expect(hashes).not.toHaveBeenCalled();
  });
});

describe('account safety after registration', () => {
  it('logs in with the registered password only', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    expect((await login(t, email)).code).toBe(1);
    expect((await login(t, email, 'Secret1234')).code).toBe(0);
  });
});
