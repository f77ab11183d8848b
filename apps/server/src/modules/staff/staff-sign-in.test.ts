import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-hooks';
import { countTable } from '../../../test/rows';
import {
  adminCall,
  enrolStaff,
  STAFF_PASSWORD,
  staffSession,
  TOTP_STEP_MS,
  totpCode,
} from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';
import { createStaff } from './staff.service';
import { issueEnrolment } from './staff-enrolment.service';

const t = useTestApp();

const SECOND_FACTOR_REFUSED = {
  code: 0,
  msg: 'The verification code or recovery code is incorrect or has already been used.',
  data: null,
};

let counter = 0;
async function newStaff(role: 'admin' | 'support' = 'admin') {
  counter += 1;
  const email = `factor${counter}-${Math.random().toString(36).slice(2, 7)}@meridian.test`;
  const staff = await createStaff(
    t.database.db,
    { email, name: 'Factor Test', role, password: STAFF_PASSWORD, at: t.clock.now() },
    null,
  );
  return { ...staff, email };
}

function later(steps: number): Date {
  return new Date(t.clock.now().getTime() + steps * TOTP_STEP_MS);
}

async function login(email: string, fields: Record<string, string>) {
  return adminCall<{ token: string }>(t, 'POST', '/admin/api/login', {
    email,
    password: STAFF_PASSWORD,
    ...fields,
  });
}

async function auditOf(staffId: number) {
  const result = await t.database.db.execute(
    `select action, details->>'reason' as reason from audit_log where target = 'staff:${staffId}' order by id`,
  );
  return rowsOf<{ action: string; reason: string | null }>(result);
}

describe('TOTP enrolment', () => {
  it('shows the otpauth URI for a valid link, refuses a wrong code writing nothing, then enrols once', async () => {
    const staff = await newStaff();
    const token = await issueEnrolment(t.database.db, staff.id, t.clock.now(), null);
    const info = await adminCall<{ email: string; otpauth_uri: string; secret: string }>(
      t,
      'GET',
      '/admin/api/enrolment',
      { token },
    );
    expect(info.code).toBe(1);
    expect(info.data.email).toBe(staff.email);
    expect(info.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Meridian%20back%20office:/);
    expect(info.data.otpauth_uri).toContain(`secret=${info.data.secret}`);

    const codes = await countTable(t, 'staff_recovery_codes');
    const wrongCode = totpCode(info.data.secret, later(10));
    const wrong = await adminCall(t, 'POST', '/admin/api/enrol', {
      token,
      password: STAFF_PASSWORD,
      code: wrongCode,
    });
    expect(wrong).toEqual(SECOND_FACTOR_REFUSED);
    const wrongPassword = await adminCall(t, 'POST', '/admin/api/enrol', {
      token,
      password: 'not-the-password-1',
      code: totpCode(info.data.secret, t.clock.now()),
    });
    expect(wrongPassword).toEqual({ code: 0, msg: 'The account or password is incorrect.', data: null });
    expect(await countTable(t, 'staff_recovery_codes')).toBe(codes);
    expect((await login(staff.email, { code: totpCode(info.data.secret, t.clock.now()) })).msg).toBe(
      'This account has not set up its authenticator app yet. Use its enrolment link.',
    );

    const enrolled = await adminCall<{ recovery_codes: string[] }>(t, 'POST', '/admin/api/enrol', {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(info.data.secret, t.clock.now()),
    });
    expect(enrolled.code).toBe(1);
    expect(enrolled.data.recovery_codes).toHaveLength(SERVER_LIMITS.staffRecoveryCodesCount);
    expect(new Set(enrolled.data.recovery_codes).size).toBe(SERVER_LIMITS.staffRecoveryCodesCount);
    // Only hashes are kept.
    const stored = rowsOf<{ code_hash: string }>(
      await t.database.db.execute(`select code_hash from staff_recovery_codes where staff_id = ${staff.id}`),
    );
    expect(stored.map((row) => row.code_hash)).not.toContain(enrolled.data.recovery_codes[0]);

    const spent = 'This enrolment link is invalid, used or expired. Ask an administrator for a new one.';
    expect((await adminCall(t, 'GET', '/admin/api/enrolment', { token })).msg).toBe(spent);
    expect(
      (
        await adminCall(t, 'POST', '/admin/api/enrol', {
          token,
          password: STAFF_PASSWORD,
          code: totpCode(info.data.secret, later(1)),
        })
      ).msg,
    ).toBe(spent);
    expect((await auditOf(staff.id)).map((row) => `${row.action}:${row.reason ?? ''}`)).toEqual([
      'staff.create:',
      'staff.enrolment_issued:',
      'staff.enrol_failed:wrong_code',
      'staff.enrol_failed:wrong_password',
      'staff.login_failed:not_enrolled',
      'staff.enrolled:',
    ]);
  });

  it('refuses an expired enrolment link', async () => {
    const staff = await newStaff();
    const token = await issueEnrolment(t.database.db, staff.id, t.clock.now(), null);
    t.clock.advance(SERVER_LIMITS.staffEnrolmentTtlHours * 3600_000);
    expect((await adminCall(t, 'GET', '/admin/api/enrolment', { token })).code).toBe(0);
  });
});

describe('staff sign-in with a second factor', () => {
  it('refuses a missing or wrong code and a replayed one, opening no session; accepts a fresh one', async () => {
    const staff = await newStaff();
    const { secret } = await enrolStaff(t, staff.id);
    const sessions = await countTable(t, 'staff_sessions');
    expect(await login(staff.email, {})).toEqual(SECOND_FACTOR_REFUSED);
    expect(await login(staff.email, { code: totpCode(secret, later(5)) })).toEqual(SECOND_FACTOR_REFUSED);
    // The enrolment spent this step's code: the same code again is a replay.
    expect(await login(staff.email, { code: totpCode(secret, t.clock.now()) })).toEqual(
      SECOND_FACTOR_REFUSED,
    );
    expect(await countTable(t, 'staff_sessions')).toBe(sessions);

    const next = totpCode(secret, later(1));
    expect((await login(staff.email, { code: next })).code).toBe(1);
    expect(await login(staff.email, { code: next })).toEqual(SECOND_FACTOR_REFUSED);
    expect(await countTable(t, 'staff_sessions')).toBe(sessions + 1);
    expect((await auditOf(staff.id)).map((row) => `${row.action}:${row.reason ?? ''}`).slice(-5)).toEqual([
      'staff.login_failed:no_code',
      'staff.login_failed:wrong_code',
      'staff.login_failed:replayed_code',
      'staff.login:',
      'staff.login_failed:replayed_code',
    ]);
  });

  it('accepts each recovery code once, typed in any case and with or without dashes', async () => {
    const staff = await newStaff();
    const { recoveryCodes } = await enrolStaff(t, staff.id);
    const [first = '', second = ''] = recoveryCodes;
    expect((await login(staff.email, { recovery_code: first })).code).toBe(1);
    expect(await login(staff.email, { recovery_code: first })).toEqual(SECOND_FACTOR_REFUSED);
    const typed = ` ${second.replaceAll('-', '').toUpperCase()} `;
    expect((await login(staff.email, { recovery_code: typed })).code).toBe(1);
    expect(await login(staff.email, { recovery_code: 'abcd-abcd-abcd-abcd' })).toEqual(SECOND_FACTOR_REFUSED);
  });

  it('locks the account after repeated second-factor failures, even for a right code then', async () => {
    const staff = await newStaff();
    const { secret } = await enrolStaff(t, staff.id);
    for (let index = 0; index < SERVER_LIMITS.staffLoginFailuresMax; index += 1) {
      expect(await login(staff.email, { code: totpCode(secret, later(20 + index)) })).toEqual(
        SECOND_FACTOR_REFUSED,
      );
    }
    const locked = await login(staff.email, { code: totpCode(secret, later(1)) });
    expect(locked.code).toBe(0);
    expect(locked.msg).toMatch(/^Too many attempts/);
  });

  it('audits the sign-ins the lock-out refuses (the sixth attempt too), with their reason', async () => {
    const staff = await newStaff();
    const { secret } = await enrolStaff(t, staff.id);
    for (let index = 0; index < SERVER_LIMITS.staffLoginFailuresMax; index += 1) {
      expect((await login(staff.email, { password: 'wrong password', code: '000000' })).code).toBe(0);
    }
    const before = await countTable(t, 'staff_sessions');
    const locked = await login(staff.email, { code: totpCode(secret, later(1)) });
    expect(locked.msg).toMatch(/^Too many attempts/);
    expect(await countTable(t, 'staff_sessions')).toBe(before);
    const reasons = (await auditOf(staff.id)).map((row) => `${row.action}:${row.reason ?? ''}`);
    expect(reasons.slice(-2)).toEqual(['staff.login_failed:wrong_password', 'staff.login_failed:locked_out']);
    expect(reasons.filter((reason) => reason.startsWith('staff.login_failed:'))).toHaveLength(
      SERVER_LIMITS.staffLoginFailuresMax + 1,
    );
  });

  it('ends a session idle for 30 minutes; use keeps it alive', async () => {
    const staff = await staffSession(t, 'support');
    const idleMs = SERVER_LIMITS.staffSessionIdleMinutes * 60_000;
    for (let index = 0; index < 3; index += 1) {
      t.clock.advance(idleMs - 60_000);
      expect((await adminCall(t, 'GET', '/admin/api/me', {}, staff.token)).code).toBe(1);
    }
    t.clock.advance(idleMs);
    expect((await adminCall(t, 'GET', '/admin/api/me', {}, staff.token)).code).toBe(999);
  });
});

describe('the per-address limit of staff sign-ins', () => {
  /** A sign-in from a given address (the office's one public address). */
  async function loginFrom(address: string, email: string, fields: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: { lang: 'en', 'x-forwarded-for': address },
      payload: { email, password: STAFF_PASSWORD, ...fields },
    });
    return response.json() as { code: number; msg: string };
  }

  // About forty argon2 checks: more than the default 30 s on a loaded machine.
  it('counts only the sign-ins that fail: an office signs in more often than the limit; past it, refusals are audited', async () => {
    const office = '198.51.100.25';
    // Four colleagues, each signing in with every recovery code: more good sign-ins than the limit.
    const colleagues = [];
    for (let index = 0; index < 4; index += 1) {
      const staff = await newStaff('support');
      colleagues.push({ staff, factors: await enrolStaff(t, staff.id) });
    }
    let good = 0;
    for (const { staff, factors } of colleagues) {
      for (const code of factors.recoveryCodes) {
        const answer = await loginFrom(office, staff.email, { recovery_code: code });
        expect(answer.msg).toBe('Success');
        good += 1;
      }
    }
    expect(good).toBeGreaterThan(SERVER_LIMITS.loginAttemptsPerAddressMax);

    // Failures do count: after the limit's worth, the address is refused, and each refusal audited.
    // Each guess at an account of its own, so no account's own lock-out stands in the way.
    const stranger = (index: number) => `nobody-${index}@meridian.test`;
    for (let index = 0; index < SERVER_LIMITS.loginAttemptsPerAddressMax; index += 1) {
      expect((await loginFrom(office, stranger(index), { code: '000000' })).msg).toBe(
        'The account or password is incorrect.',
      );
    }
    const [colleague] = colleagues;
    if (!colleague) throw new Error('no colleague');
    const auditBefore = await auditOf(colleague.staff.id);
    const refused = await loginFrom(office, colleague.staff.email, {
      code: totpCode(colleague.factors.secret, later(1)),
    });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^Too many attempts/);
    const auditAfter = await auditOf(colleague.staff.id);
    expect(auditAfter.slice(auditBefore.length).map((row) => `${row.action}:${row.reason ?? ''}`)).toEqual([
      'staff.login_failed:address_limited',
    ]);
    const strangerRows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        `select count(*)::int as n from audit_log where action = 'staff.login_failed' and details->>'email' like 'nobody-%' and details->>'address' = '${office}'`,
      ),
    );
    expect(Number(strangerRows[0]?.n)).toBe(SERVER_LIMITS.loginAttemptsPerAddressMax);
    // Another address is not affected.
    const elsewhere = await loginFrom('198.51.100.26', colleague.staff.email, {
      code: totpCode(colleague.factors.secret, later(1)),
    });
    expect(elsewhere.code).toBe(1);
  }, 120_000);
});
