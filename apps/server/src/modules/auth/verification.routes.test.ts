import { LIMITS } from '@meridian/contract/limits';
import { describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  freshAddress,
  freshEmail,
  freshMobile,
  HONG_KONG,
  readOutbox,
  registerByEmail,
  registerByMobile,
  snapshotCounts,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';

const t = useTestApp();

const SENT = { code: 1, msg: 'Success', data: { resend_seconds: LIMITS.verificationCodeResendSeconds } };

function sendEmail(fields: Record<string, unknown>, options: { token?: string; address?: string } = {}) {
  return call(t, 'POST', '/api/notify/send_email', fields, options);
}

function sendSms(fields: Record<string, unknown>, options: { address?: string } = {}) {
  return call(t, 'POST', '/api/notify/send_sms', fields, options);
}

async function outboxFor(to: string) {
  return (await readOutbox(t)).filter((line) => line.to === to);
}

describe('POST /api/notify/send_email', () => {
  it('writes a 6-digit code to the outbox, never into the answer, and stores only its hash', async () => {
    const email = freshEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notify/send_email',
      headers: { lang: 'en' },
      payload: { email, type: 1 },
    });
    expect(response.json()).toEqual(SENT);
    const lines = await outboxFor(email);
    expect(lines).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        channel: 'email',
        to: email,
        type: 1,
        code: expect.stringMatching(/^[0-9]{6}$/),
        at: t.clock.now().toISOString(),
      },
    ]);
    const code = lines[0]?.code ?? '';
    expect(response.body).not.toContain(code);
    const stored = rowsOf<{ code_hash: string; expires_at: Date | string; attempts: number }>(
      await t.database.db.execute(
        `select code_hash, expires_at, attempts from verification_codes where destination = '${email}'`,
      ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);
    expect(new Date(stored[0]?.expires_at ?? 0).getTime()).toBe(
      t.clock.now().getTime() + SERVER_LIMITS.verificationCodeTtlSeconds * 1000,
    );
  });

  it('refuses another code for the same address and purpose within 60 seconds, saying how long to wait', async () => {
    const email = freshEmail();
    expect(await sendEmail({ email, type: 1 })).toEqual(SENT);
    expect(await sendEmail({ email, type: 1 })).toEqual({
      code: 0,
      msg: 'Please wait 60 seconds before requesting another code.',
      data: null,
    });
    t.clock.advance(45_000);
    expect((await sendEmail({ email, type: 1 })).msg).toBe(
      'Please wait 15 seconds before requesting another code.',
    );
    // Another purpose is not held back.
    expect((await sendEmail({ email, type: 2 })).code).toBe(1);
    t.clock.advance(15_000);
    expect(await sendEmail({ email, type: 1 })).toEqual(SENT);
    expect((await outboxFor(email)).filter((line) => line.type === 1)).toHaveLength(2);
  });

  it('refuses a registration code for an address already registered, and writes nothing', async () => {
    const email = freshEmail();
    await registerByEmail(t, email);
    const before = await snapshotCounts(t);
    const outbox = (await readOutbox(t)).length;
    expect(await sendEmail({ email: email.toUpperCase(), type: 1 })).toEqual({
      code: 0,
      msg: 'This account is already registered.',
      data: null,
    });
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await readOutbox(t)).length).toBe(outbox);
  });

  it('answers a reset request for an unknown address like any other, but sends nothing', async () => {
    const unknown = freshEmail('nobody');
    expect(await sendEmail({ email: unknown, type: 2 })).toEqual(SENT);
    expect(await outboxFor(unknown)).toEqual([]);
    // Even the resend rule behaves the same as for a real account.
    expect((await sendEmail({ email: unknown, type: 2 })).msg).toBe(
      'Please wait 60 seconds before requesting another code.',
    );

    const known = freshEmail();
    await registerByEmail(t, known);
    expect(await sendEmail({ email: known, type: 2 })).toEqual(SENT);
    expect((await outboxFor(known)).map((line) => line.type)).toEqual([1, 2]);
  });

  it('sends a change-password code (type 3) to the signed-in user own address, whatever address is given', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    const stranger = freshEmail('stranger');
    expect(await sendEmail({ type: 3, email: stranger }, { token: session.token })).toEqual(SENT);
    expect(await outboxFor(stranger)).toEqual([]);
    expect((await outboxFor(email)).map((line) => line.type)).toEqual([1, 3]);
  });

  it('sends to the own address when no address is given (type 2), and needs a session for it', async () => {
    const email = freshEmail();
    const session = await registerByEmail(t, email);
    expect(await sendEmail({ type: 2 }, { token: session.token })).toEqual(SENT);
    expect((await outboxFor(email)).at(-1)?.type).toBe(2);
    const before = await countRows(t, 'verification_codes');
    expect(await sendEmail({ type: 3 })).toEqual({
      code: 999,
      msg: 'Your session has ended. Please log in again.',
      data: null,
    });
    expect((await sendEmail({ type: 3 }, { token: 'revoked-or-unknown' })).code).toBe(999);
    expect(await countRows(t, 'verification_codes')).toBe(before);
  });

  it('sends the change-password code of a mobile-only user by SMS to their number', async () => {
    const mobile = freshMobile();
    const session = await registerByMobile(t, HONG_KONG, mobile);
    expect(await sendEmail({ type: 3 }, { token: session.token })).toEqual(SENT);
    expect((await outboxFor(`+852${mobile}`)).map((line) => [line.channel, line.type])).toEqual([
      ['sms', 1],
      ['sms', 3],
    ]);
  });

  it('refuses codes for a demo user, who has no password', async () => {
    const demo = await call<{ token: string }>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'device-code-0001',
    });
    expect(await sendEmail({ type: 3 }, { token: demo.data.token })).toEqual({
      code: 0,
      msg: 'Only a real account can do this.',
      data: null,
    });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await snapshotCounts(t);
    const outbox = (await readOutbox(t)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ email: freshEmail() }, 'Type is required.'],
      [{ email: freshEmail(), type: 4 }, 'Unknown verification code type.'],
      [{ email: freshEmail(), type: 'one' }, 'Unknown verification code type.'],
      [{ email: 'not-an-email', type: 1 }, 'Please enter a valid e-mail address.'],
      [{ email: `${'a'.repeat(300)}@example.com`, type: 1 }, 'E-mail is too long (at most 254 characters).'],
      [{ type: 1 }, 'Please enter your e-mail address.'],
    ];
    for (const [fields, message] of cases) {
      expect(await sendEmail(fields)).toEqual({ code: 0, msg: message, data: null });
    }
    expect(await snapshotCounts(t)).toEqual(before);
    expect((await readOutbox(t)).length).toBe(outbox);
  });

  it(`limits codes to ${SERVER_LIMITS.codesPerDestinationMax} per address per hour`, async () => {
    const email = freshEmail();
    for (let index = 0; index < SERVER_LIMITS.codesPerDestinationMax; index += 1) {
      expect((await sendEmail({ email, type: 1 })).code).toBe(1);
      t.clock.advance(LIMITS.verificationCodeResendSeconds * 1000);
    }
    const before = await countRows(t, 'verification_codes');
    const refused = await sendEmail({ email, type: 1 });
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await countRows(t, 'verification_codes')).toBe(before);
    expect(await outboxFor(email)).toHaveLength(SERVER_LIMITS.codesPerDestinationMax);
  });

  it(`limits code requests to ${SERVER_LIMITS.codesPerAddressMax} per client address per hour`, async () => {
    const address = freshAddress();
    for (let index = 0; index < SERVER_LIMITS.codesPerAddressMax; index += 1) {
      expect((await sendEmail({ email: freshEmail(), type: 1 }, { address })).code).toBe(1);
    }
    const before = await countRows(t, 'verification_codes');
    const email = freshEmail();
    expect((await sendEmail({ email, type: 1 }, { address })).msg).toMatch(/^Too many attempts/);
    expect(await countRows(t, 'verification_codes')).toBe(before);
    expect((await sendEmail({ email, type: 1 })).code).toBe(1);
  });
});

describe('POST /api/notify/send_sms', () => {
  it('writes an SMS code for the number with its calling code to the outbox', async () => {
    const mobile = freshMobile();
    expect(await sendSms({ to: mobile, area_id: HONG_KONG.id, type: 1 }, {})).toEqual(SENT);
    expect(await outboxFor(`+852${mobile}`)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        channel: 'sms',
        to: `+852${mobile}`,
        type: 1,
        code: expect.stringMatching(/^[0-9]{6}$/),
        at: t.clock.now().toISOString(),
      },
    ]);
  });

  it('follows the account rules: no registration code for a registered number, silent reset for an unknown one', async () => {
    const mobile = freshMobile();
    await registerByMobile(t, HONG_KONG, mobile);
    expect((await sendSms({ to: mobile, area_id: HONG_KONG.id, type: 1 })).msg).toBe(
      'This account is already registered.',
    );
    expect(await sendSms({ to: mobile, area_id: HONG_KONG.id, type: 2 })).toEqual(SENT);
    const unknown = freshMobile();
    expect(await sendSms({ to: unknown, area_id: HONG_KONG.id, type: 2 })).toEqual(SENT);
    expect(await outboxFor(`+852${unknown}`)).toEqual([]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await snapshotCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ area_id: HONG_KONG.id, type: 1 }, 'Mobile number is required.'],
      [{ to: '91234567', type: 1 }, 'Area code is required.'],
      [{ to: '91234567', area_id: 'hk', type: 1 }, 'Area code must be a positive whole number.'],
      [
        { to: '9123-4567', area_id: HONG_KONG.id, type: 1 },
        'Please enter a valid mobile number (digits only).',
      ],
      [
        { to: '1'.repeat(16), area_id: HONG_KONG.id, type: 1 },
        'Please enter a valid mobile number (digits only).',
      ],
      [{ to: '91234567', area_id: HONG_KONG.id, type: 3 }, 'Unknown verification code type.'],
      [{ to: '91234567', area_id: 999_999, type: 1 }, 'This area code is not available.'],
    ];
    for (const [fields, message] of cases) {
      expect(await sendSms(fields)).toEqual({ code: 0, msg: message, data: null });
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });
});
