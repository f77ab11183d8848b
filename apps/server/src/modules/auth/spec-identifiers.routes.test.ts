import type { SessionData } from '@meridian/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  call,
  DONE,
  freshEmail,
  HONG_KONG,
  lastCode,
  login,
  NEW_PASSWORD,
  PASSWORD,
  registerByEmail,
  registerByMobile,
  snapshotCounts,
  specEmailRegisterForm,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';

/**
 * The identifier fields exactly as the spec's client sends them. Its reset
 * (`forget_password`: type, account, new_password, secondary_password, auth_code) has no area_id;
 * its `amend_password` type is `email`/`mobile`; its forms send `area_id=` even for an e-mail.
 */

const t = useTestApp();

let numbersMade = 0;
/** A fresh 8-digit number (the length of a Hong Kong mobile number). */
function eightDigits(): string {
  numbersMade += 1;
  return `6${String((Date.now() + numbersMade * 7919) % 10_000_000).padStart(7, '0')}`;
}

/** Spec section 2: the default area is the list's second entry. */
async function defaultArea(): Promise<{ id: number; globalCode: string }> {
  const list = await call<{ id: number; global_code: string }[]>(t, 'GET', '/api/default/area_list');
  const second = list.data[1];
  if (!second) throw new Error('the area list has no second entry');
  return { id: second.id, globalCode: second.global_code };
}

/** A reset code by SMS, asked with the spec's send_sms fields (to, area_id, type 2). */
async function smsResetCode(area: { id: number; globalCode: string }, mobile: string): Promise<string> {
  const sent = await call(t, 'POST', '/api/notify/send_sms', { to: mobile, area_id: area.id, type: 2 });
  expect(sent.code).toBe(1);
  return lastCode(t, `${area.globalCode}${mobile}`, 2);
}

/** forget_password with the spec's fields only, as a form. */
function forget(account: string, code: string) {
  return call(
    t,
    'POST',
    '/api/user/forget_password',
    {
      type: 'mobile',
      account,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: code,
    },
    { form: true },
  );
}

function mobileLogin(account: string, password: string, areaId?: number) {
  const fields: Record<string, unknown> = { type: 'mobile', account, password };
  if (areaId !== undefined) fields.area_id = areaId;
  return call<SessionData>(t, 'POST', '/api/user/loginForU', fields, { form: true });
}

describe('forget_password by mobile without area_id (item 2)', () => {
  it('reads a number in international form by its calling code', async () => {
    const mobile = eightDigits();
    const user = await registerByMobile(t, HONG_KONG, mobile);
    const code = await smsResetCode(HONG_KONG, mobile);
    expect(await forget(`+852${mobile}`, code)).toEqual(DONE);
    expect((await mobileLogin(mobile, PASSWORD, HONG_KONG.id)).code).toBe(0);
    const after = await mobileLogin(mobile, NEW_PASSWORD, HONG_KONG.id);
    expect(after.code).toBe(1);
    expect(after.data.user.id).toBe(user.user.id);
  });

  it("reads a national number as the default area's (the list's second entry)", async () => {
    const area = await defaultArea();
    const mobile = `9${eightDigits().slice(1)}00`;
    const user = await registerByMobile(t, area, mobile);
    const code = await smsResetCode(area, mobile);
    expect(await forget(mobile, code)).toEqual(DONE);
    // Login reads it the same way (one code for register, login and reset).
    const after = await mobileLogin(mobile, NEW_PASSWORD);
    expect(after.code).toBe(1);
    expect(after.data.user.id).toBe(user.user.id);
  });

  it("does not reach a Hong Kong number by its national digits alone (that is the default area's)", async () => {
    const mobile = eightDigits();
    await registerByMobile(t, HONG_KONG, mobile);
    const code = await smsResetCode(HONG_KONG, mobile);
    const before = await snapshotCounts(t);
    expect((await forget(mobile, code)).code).toBe(0);
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await mobileLogin(mobile, PASSWORD, HONG_KONG.id)).code).toBe(1);
  });

  it('refuses a calling code of no offered area, and a number that is no number, writing nothing', async () => {
    const before = await snapshotCounts(t);
    expect(await forget('+8613812345678', '123456')).toEqual({
      code: 0,
      msg: 'This area code is not available.',
      data: null,
    });
    expect(await forget('+852 6123 4567', '123456')).toEqual({
      code: 0,
      msg: 'Please enter a valid mobile number (digits only).',
      data: null,
    });
    expect(await snapshotCounts(t)).toEqual(before);
  });
});

describe('the spec fields of amend_password, register and login (item 3)', () => {
  async function ownCode(token: string, destination: string): Promise<string> {
    expect((await call(t, 'POST', '/api/notify/send_email', { type: 3 }, { token })).code).toBe(1);
    return lastCode(t, destination, 3);
  }

  it('amend_password takes type email (and a number, as before)', async () => {
    const email = freshEmail('amend');
    const session = await registerByEmail(t, email);
    const code = await ownCode(session.token, email);
    const answer = await call(
      t,
      'POST',
      '/api/user/amend_password',
      { new_password: NEW_PASSWORD, auth_code: code, type: 'email' },
      { token: session.token, form: true },
    );
    expect(answer).toEqual(DONE);
    expect((await login(t, email, NEW_PASSWORD)).code).toBe(1);
    t.clock.advance(61_000); // a new code no sooner than 60 s after the last
    const again = await ownCode(session.token, email);
    expect(
      await call(
        t,
        'POST',
        '/api/user/amend_password',
        { new_password: PASSWORD, auth_code: again, type: 1 },
        { token: session.token },
      ),
    ).toEqual(DONE);
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });

  it('amend_password takes type mobile for a mobile user', async () => {
    const mobile = eightDigits();
    const session = await registerByMobile(t, HONG_KONG, mobile);
    const code = await ownCode(session.token, `+852${mobile}`);
    expect(
      await call(
        t,
        'POST',
        '/api/user/amend_password',
        { new_password: NEW_PASSWORD, auth_code: code, type: 'mobile' },
        { token: session.token, form: true },
      ),
    ).toEqual(DONE);
    expect((await mobileLogin(mobile, NEW_PASSWORD, HONG_KONG.id)).code).toBe(1);
  });

  it('amend_password refuses another type by name, changing nothing', async () => {
    const email = freshEmail('amend-fax');
    const session = await registerByEmail(t, email);
    const code = await ownCode(session.token, email);
    expect(
      await call(
        t,
        'POST',
        '/api/user/amend_password',
        { new_password: NEW_PASSWORD, auth_code: code, type: 'fax' },
        { token: session.token },
      ),
    ).toEqual({ code: 0, msg: 'Choose e-mail or mobile.', data: null });
    expect((await login(t, email, PASSWORD)).code).toBe(1);
  });

  it('ignores an empty area_id on e-mail register and login (forms as the spec sends them)', async () => {
    const email = freshEmail('empty-area');
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 1 })).code).toBe(1);
    const code = await lastCode(t, email, 1);
    const registered = await call<SessionData>(
      t,
      'POST',
      '/api/user/register',
      specEmailRegisterForm(email, code),
      { form: true },
    );
    expect(registered.code).toBe(1);
    expect(registered.data.user.email).toBe(email);
    const loggedIn = await call<SessionData>(
      t,
      'POST',
      '/api/user/loginForU',
      { type: 'email', area_id: '', account: email, password: PASSWORD },
      { form: true },
    );
    expect(loggedIn.code).toBe(1);
    expect(loggedIn.data.user.id).toBe(registered.data.user.id);
    // A present but wrong area_id is still refused.
    expect(
      (
        await call(
          t,
          'POST',
          '/api/user/loginForU',
          { type: 'email', area_id: 'x', account: email, password: PASSWORD },
          { form: true },
        )
      ).msg,
    ).toBe('Area code must be a positive whole number.');
  });
});
