import type { SessionData } from '@meridian/contract/auth';
import { describe, expect, it } from 'vitest';
import { freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { countTable } from '../../../test/rows';
import { adminCall, STAFF_PASSWORD, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { setStaffActive } from './staff.repository';

const t = useTestApp();

async function auditRows(): Promise<{ staff_id: number | null; action: string; target: string | null }[]> {
  const result = await t.database.db.execute('select staff_id, action, target from audit_log order by id');
  return rowsOf(result);
}

describe('back-office login', () => {
  it('signs a staff member in, answers who they are, and audits it', async () => {
    const staff = await staffSession(t, 'support', 'Ada');
    const me = await adminCall(t, 'GET', '/admin/api/me', {}, staff.token);
    expect(me).toMatchObject({
      code: 1,
      data: { id: staff.id, email: staff.email, name: 'Ada', role: 'support' },
    });
    expect((await auditRows()).filter((row) => row.staff_id === staff.id).map((row) => row.action)).toEqual([
      'staff.enrolled',
      'staff.login',
    ]);
  });

  it('refuses a wrong password and an unknown account with one message, audits both, opens no session', async () => {
    const staff = await staffSession(t, 'admin');
    const sessions = await countTable(t, 'staff_sessions');
    // The failures this test causes: the other tests fail sign-ins of their own.
    const audited = (await auditRows()).length;
    const wrong = await adminCall(t, 'POST', '/admin/api/login', {
      email: staff.email,
      password: 'nope-nope-1',
    });
    const unknown = await adminCall(t, 'POST', '/admin/api/login', {
      email: 'nobody@meridian.test',
      password: STAFF_PASSWORD,
    });
    expect(wrong).toEqual({ code: 0, msg: 'The account or password is incorrect.', data: null });
    expect(unknown).toEqual(wrong);
    expect(await countTable(t, 'staff_sessions')).toBe(sessions);
    const failures = (await auditRows()).slice(audited).filter((row) => row.action === 'staff.login_failed');
    expect(failures.map((row) => row.staff_id)).toEqual([staff.id, null]);
  });

  it('refuses a disabled account, and ends its open sessions (999)', async () => {
    const staff = await staffSession(t, 'support');
    await setStaffActive(t.database.db, staff.id, false);
    expect((await adminCall(t, 'GET', '/admin/api/me', {}, staff.token)).code).toBe(999);
    const again = await adminCall(t, 'POST', '/admin/api/login', {
      email: staff.email,
      password: STAFF_PASSWORD,
    });
    expect(again).toEqual({ code: 0, msg: 'The account or password is incorrect.', data: null });
  });

  it('answers 999 to a missing or bad staff token, and to a customer token, before reading the fields', async () => {
    const customer: SessionData = await registerByEmail(t, freshEmail('customer'));
    for (const token of [undefined, 'garbage', customer.token]) {
      expect((await adminCall(t, 'GET', '/admin/api/me', {}, token)).code).toBe(999);
      expect((await adminCall(t, 'GET', '/admin/api/support/conversations', {}, token)).code).toBe(999);
      expect((await adminCall(t, 'POST', '/admin/api/support/reply', {}, token)).code).toBe(999);
    }
  });

  it('keeps the two kinds of token apart: a staff token is not a customer session', async () => {
    const staff = await staffSession(t, 'admin');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: staff.token, lang: 'en' },
    });
    expect(answer.json()).toMatchObject({ code: 999 });
  });

  it('logs out: the token stops working, and the logout is audited', async () => {
    const staff = await staffSession(t, 'support');
    expect((await adminCall(t, 'POST', '/admin/api/logout', {}, staff.token)).code).toBe(1);
    expect((await adminCall(t, 'GET', '/admin/api/me', {}, staff.token)).code).toBe(999);
    expect((await auditRows()).filter((row) => row.staff_id === staff.id).map((row) => row.action)).toEqual([
      'staff.enrolled',
      'staff.login',
      'staff.logout',
    ]);
  });

  it('answers unknown back-office paths with 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/nothing',
      headers: { lang: 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, msg: 'Not found.', data: null });
  });

  it('locks an account after repeated failures', async () => {
    const staff = await staffSession(t, 'support');
    for (let index = 0; index < 5; index += 1) {
      await adminCall(t, 'POST', '/admin/api/login', { email: staff.email, password: 'wrong-password-1' });
    }
    const locked = await adminCall(t, 'POST', '/admin/api/login', {
      email: staff.email,
      password: STAFF_PASSWORD,
    });
    expect(locked.msg).toMatch(/^Too many attempts/);
  });
});
