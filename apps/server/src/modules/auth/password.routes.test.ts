import type { SessionData } from '@meridian/contract/auth';
import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import {
  call,
  DONE,
  freshEmail,
  freshMobile,
  HONG_KONG,
  lastCode,
  login,
  loginByMobile,
  NEW_PASSWORD,
  otherCodeThan,
  PASSWORD,
  registerByEmail,
  registerByMobile,
  SESSION_INVALID,
  snapshotCounts,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { SERVER_LIMITS } from '../../limits';

const t = useTestApp();

function info(token: string) {
  return call(t, 'GET', '/api/user/info', {}, { token });
}

async function ownCode(token: string, type: number, destination: string): Promise<string> {
  expect((await call(t, 'POST', '/api/notify/send_email', { type }, { token })).code).toBe(1);
  return lastCode(t, destination, type);
}

function amend(token: string | undefined, fields: Record<string, unknown>) {
  return call(t, 'POST', '/api/user/amend_password', fields, token === undefined ? {} : { token });
}

function forget(fields: Record<string, unknown>) {
  return call(t, 'POST', '/api/user/forget_password', fields);
}

describe('POST /api/user/amend_password', () => {
  it('changes the password with a code sent to the own address, ending the other sessions but not this one', async () => {
    const email = freshEmail();
    const current = await registerByEmail(t, email);
    const other = (await login(t, email)).data as SessionData;
    const code = await ownCode(current.token, 3, email);
    expect(
      await amend(current.token, {
        new_password: NEW_PASSWORD,
        re_password: NEW_PASSWORD,
        auth_code: code,
        type: 1,
      }),
    ).toEqual(DONE);
    expect((await info(current.token)).code).toBe(1);
    expect(await info(other.token)).toEqual(SESSION_INVALID);
    expect((await login(t, email, PASSWORD)).code).toBe(0);
    expect((await login(t, email, NEW_PASSWORD)).code).toBe(1);
    // The code was used once.
    expect((await amend(current.token, { new_password: 'Another789', auth_code: code })).msg).toBe(
      'The verification code has expired or has already been used. Please request a new one.',
    );
  });

  it('works for a mobile-only user with the code sent by SMS', async () => {
    const mobile = freshMobile();
    const session = await registerByMobile(t, HONG_KONG, mobile);
    const code = await ownCode(session.token, 3, `+852${mobile}`);
    expect(await amend(session.token, { new_password: NEW_PASSWORD, auth_code: code })).toEqual(DONE);
    expect((await loginByMobile(t, mobile, NEW_PASSWORD)).code).toBe(1);
  });

  it('refuses a wrong code and a code of another user, keeping the password and the sessions', async () => {
    const aliceEmail = freshEmail('alice');
    const alice = await registerByEmail(t, aliceEmail);
    const bob = await registerByEmail(t, freshEmail('bob'));
    const aliceCode = await ownCode(alice.token, 3, aliceEmail);
    const before = await snapshotCounts(t);
    // Bob never asked for a code: Alice's code means nothing on his account.
    expect((await amend(bob.token, { new_password: NEW_PASSWORD, auth_code: aliceCode })).msg).toBe(
      'The verification code has expired or has already been used. Please request a new one.',
    );
    const wrong = otherCodeThan(aliceCode);
    expect((await amend(alice.token, { new_password: NEW_PASSWORD, auth_code: wrong })).msg).toBe(
      'The verification code is incorrect.',
    );
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await login(t, aliceEmail, PASSWORD)).code).toBe(1);
    expect((await info(bob.token)).code).toBe(1);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    const code = await ownCode(session.token, 3, email);
    t.clock.advance((SERVER_LIMITS.verificationCodeTtlSeconds + 1) * 1000);
    expect((await amend(session.token, { new_password: NEW_PASSWORD, auth_code: code })).code).toBe(0);
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });

  it('refuses bad input, a demo user and a visitor', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    const before = await snapshotCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ auth_code: '123456' }, 'New password is required.'],
      [{ new_password: NEW_PASSWORD }, 'Verification code is required.'],
      [{ new_password: NEW_PASSWORD, auth_code: '12345' }, 'The verification code is 6 digits.'],
      [
        { new_password: NEW_PASSWORD, re_password: 'Other1234', auth_code: '123456' },
        'The two passwords are not the same.',
      ],
      [{ new_password: 'short1', auth_code: '123456' }, 'The password must be 8 to 64 characters long.'],
      [{ new_password: NEW_PASSWORD, auth_code: '123456', type: 'x' }, 'Choose e-mail or mobile.'],
    ];
    for (const [fields, message] of cases) {
      expect(await amend(session.token, fields)).toEqual({ code: 0, msg: message, data: null });
    }
    expect(await amend(undefined, { new_password: NEW_PASSWORD, auth_code: '123456' })).toEqual(
      SESSION_INVALID,
    );
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'device-pass-0001',
    });
    const afterDemo = await snapshotCounts(t);
    expect(await amend(demo.data.token, { new_password: NEW_PASSWORD, auth_code: '123456' })).toEqual({
      code: 0,
      msg: 'Only a real account can do this.',
      data: null,
    });
    expect(await snapshotCounts(t)).toEqual(afterDemo);
    expect(before.users + 1).toBe(afterDemo.users);
  });
});

describe('POST /api/user/forget_password', () => {
  async function resetCode(email: string): Promise<string> {
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 2 })).code).toBe(1);
    return lastCode(t, email, 2);
  }

  function fields(email: string, code: string, extra: Record<string, unknown> = {}) {
    return {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: code,
      ...extra,
    };
  }

  it('resets the password with a reset code and ends every session; the code works once', async () => {
    const email = freshEmail();
    const first = await registerByEmail(t, email);
    const second = (await login(t, email)).data as SessionData;
    const code = await resetCode(email);
    expect(await forget(fields(email, code))).toEqual(DONE);
    expect(await info(first.token)).toEqual(SESSION_INVALID);
    expect(await info(second.token)).toEqual(SESSION_INVALID);
    expect((await login(t, email, NEW_PASSWORD)).code).toBe(1);
    expect(
      (await forget(fields(email, code, { new_password: 'Again1234', secondary_password: 'Again1234' }))).msg,
    ).toBe('The verification code has expired or has already been used. Please request a new one.');
    expect((await login(t, email, NEW_PASSWORD)).code).toBe(1);
  });

  it('resets by mobile number with an SMS code', async () => {
    const mobile = freshMobile();
    await registerByMobile(t, HONG_KONG, mobile);
    expect(
      (await call(t, 'POST', '/api/notify/send_sms', { to: mobile, area_id: HONG_KONG.id, type: 2 })).code,
    ).toBe(1);
    const code = await lastCode(t, `+852${mobile}`, 2);
    const answer = await forget({
      type: 'mobile',
      account: mobile,
      area_id: HONG_KONG.id,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: code,
    });
    expect(answer).toEqual(DONE);
  });

  it('does not accept a registration code or a change-password code for a reset', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    const registrationCode = await lastCode(t, email, 1);
    const changeCode = await ownCode(session.token, 3, email);
    expect((await forget(fields(email, registrationCode))).code).toBe(0);
    expect((await forget(fields(email, changeCode))).code).toBe(0);
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });

  it('refuses an expired or a wrong code and writes nothing', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    const code = await resetCode(email);
    const wrong = otherCodeThan(code);
    const before = await snapshotCounts(t);
    expect((await forget(fields(email, wrong))).msg).toBe('The verification code is incorrect.');
    t.clock.advance(SERVER_LIMITS.verificationCodeTtlSeconds * 1000);
    expect((await forget(fields(email, code))).msg).toBe(
      'The verification code has expired or has already been used. Please request a new one.',
    );
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });

  it('fails for an unknown account the same way as for a wrong code', async () => {
    const unknown = freshEmail('nobody');
    expect((await call(t, 'POST', '/api/notify/send_email', { email: unknown, type: 2 })).code).toBe(1);
    const before = await snapshotCounts(t);
    const answer = await forget(fields(unknown, '123456'));
    expect(answer.code).toBe(0);
    expect([
      'The verification code is incorrect.',
      'Too many wrong verification codes. Please request a new one.',
    ]).toContain(answer.msg);
    expect(await snapshotCounts(t)).toEqual(before);
  });

  it('refuses bad input with a clear message', async () => {
    const email = freshEmail();
    const cases: [Record<string, unknown>, string][] = [
      [fields(email, '123456', { secondary_password: 'Other1234' }), 'The two passwords are not the same.'],
      [fields(email, '123456', { secondary_password: undefined }), 'Confirm password is required.'],
      [fields(email, '123456', { account: undefined }), 'Account is required.'],
      [fields(email, '123456', { type: 'mobile' }), 'Please enter a valid mobile number (digits only).'],
      [fields(email, 'abcdef'), 'The verification code is 6 digits.'],
      [
        fields(email, '123456', { new_password: 'x'.repeat(65) }),
        'The password must be 8 to 64 characters long.',
      ],
    ];
    const before = await snapshotCounts(t);
    for (const [input, message] of cases) {
      expect(await forget(input)).toEqual({ code: 0, msg: message, data: null });
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });
});

describe('cheap checks before the password hash', () => {
  // argon2id takes 64 MiB and tens of milliseconds: a wrong code must not buy one.
  it('turns a wrong change or reset code away without hashing the new password', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    const changeCode = await ownCode(session.token, 3, email);
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 2 })).code).toBe(1);
    const hashes = vi.spyOn(argon2, 'hash');
    try {
      const change = { new_password: NEW_PASSWORD, re_password: NEW_PASSWORD, type: 1 };
      expect((await amend(session.token, { ...change, auth_code: otherCodeThan(changeCode) })).msg).toBe(
        'The verification code is incorrect.',
      );
      const reset = {
        type: 'email',
        account: email,
        new_password: NEW_PASSWORD,
        secondary_password: NEW_PASSWORD,
      };
      const code = await lastCode(t, email, 2);
      expect((await forget({ ...reset, auth_code: otherCodeThan(code) })).msg).toBe(
        'The verification code is incorrect.',
      );
      expect(hashes).not.toHaveBeenCalled();
      expect(await amend(session.token, { ...change, auth_code: changeCode })).toEqual(DONE);
      expect(hashes).toHaveBeenCalledTimes(1);
    } finally {
      hashes.mockRestore();
    }
  });
});
