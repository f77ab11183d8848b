import type { SessionData } from '@meridian/contract/auth';
import type { RealNameCenter } from '@meridian/contract/kyc';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  freshEmail,
  lastCode,
  PASSWORD,
  readOutbox,
  registerByEmail,
  registerByMobile,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { auditActions, type StaffLogin } from '../../../test/funds';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { sendRealName } from '../../../test/real-name';
import { countTable } from '../../../test/rows';
import { adminCall, staffSession } from '../../../test/staff';
import { areaIdOf } from '../settings/area-codes';

const t = useTestApp();
let compliance: StaffLogin;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance', 'Cora Compliance');
});

/** A customer registered in the app in a language, e-mail code read from the outbox. */
async function registeredIn(lang: string, email: string): Promise<SessionData> {
  await call(t, 'POST', '/api/notify/send_email', { email, type: 1 }, { lang });
  const answer = await call<SessionData>(
    t,
    'POST',
    '/api/user/register',
    {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(t, email, 1),
    },
    { lang },
  );
  if (answer.code !== 1) throw new Error(answer.msg);
  return answer.data;
}

async function submitted(prefix: string, lang?: string): Promise<SessionData> {
  return sendIdentity(
    lang ? await registeredIn(lang, freshEmail(prefix)) : await registerByEmail(t, freshEmail(prefix)),
  );
}

/** The customer sends their name, number and two photos for review. */
async function sendIdentity(user: SessionData): Promise<SessionData> {
  const answer = await sendRealName(t, user.token, { name: 'Lee Siu Ming', card_id: 'K9876543' });
  if (answer.code !== 1) throw new Error(answer.msg);
  return user;
}

const queue = (query: Record<string, unknown> = {}, staff = compliance) =>
  adminCall<{ list: StaffSubmission[]; total: number }>(
    t,
    'GET',
    '/admin/api/kyc/submissions',
    query,
    staff.token,
  );
const reviewCall = (fields: Record<string, unknown>, staff = compliance) =>
  adminCall<StaffSubmission>(t, 'POST', '/admin/api/kyc/review', fields, staff.token);

describe('the identity review API', () => {
  it('lists waiting submissions oldest first with the full ID number, and audits the read', async () => {
    const first = await submitted('queue-a');
    const second = await submitted('queue-b');
    const answer = await queue();
    expect(answer.code).toBe(1);
    const ids = answer.data.list.map((one) => one.user.id);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    expect(answer.data.list.find((one) => one.user.id === first.user.id)).toMatchObject({
      name: 'Lee Siu Ming',
      card_id: 'K9876543',
      state: 'pending',
      review_status: 1,
      reviewed_by: null,
      user: { email: first.user.email },
    });
    expect(await auditActions(t, compliance.id)).toContain('kyc.submissions_read');
  });

  it('opens the photos at addresses signed for the reviewer only', async () => {
    const user = await submitted('photos');
    const submission = (await queue({ user_id: user.user.id })).data.list[0] as StaffSubmission;
    const photos = await adminCall<{ front_pic: string; reverse_pic: string }>(
      t,
      'GET',
      '/admin/api/kyc/photos',
      { id: submission.id },
      compliance.token,
    );
    expect(photos.code).toBe(1);
    expect((await fetchImage(t, photos.data.front_pic)).status).toBe(200);
    expect((await fetchImage(t, photos.data.reverse_pic)).status).toBe(200);
    const other = await staffSession(t, 'compliance');
    expect(
      (await fetchImage(t, photos.data.front_pic.replace(`v=s${compliance.id}`, `v=s${other.id}`))).status,
    ).toBe(403);
    expect(await auditActions(t, compliance.id)).toContain('kyc.photos_opened');
  });

  it('approves a submission: the customer is verified; a second review is refused', async () => {
    const user = await submitted('approve');
    const submission = (await queue({ user_id: user.user.id })).data.list[0] as StaffSubmission;
    const approved = await reviewCall({ id: submission.id, decision: 'approve' });
    expect(approved).toMatchObject({
      code: 1,
      data: {
        state: 'verified',
        review_status: 2,
        reviewed_by: { id: compliance.id, name: 'Cora Compliance' },
      },
    });
    const center = await call<RealNameCenter>(t, 'GET', '/api/user_real/center', {}, { token: user.token });
    expect(center.data).toMatchObject({ review_status: 2, state: 'verified' });
    expect(await reviewCall({ id: submission.id, decision: 'reject', reason: 'late' })).toEqual({
      code: 0,
      msg: 'This verification is not waiting for review.',
      data: null,
    });
    expect((await queue({ state: 'verified', user_id: user.user.id })).data.total).toBe(1);
  });

  it('rejects only with a reason, which the customer sees', async () => {
    const user = await submitted('reject');
    const submission = (await queue({ user_id: user.user.id })).data.list[0] as StaffSubmission;
    const audits = await countTable(t, 'audit_log');
    expect(await reviewCall({ id: submission.id, decision: 'reject' })).toEqual({
      code: 0,
      msg: 'Please give the reason for the rejection.',
      data: null,
    });
    expect(await reviewCall({ id: submission.id, decision: 'maybe' })).toMatchObject({ code: 0 });
    expect(await countTable(t, 'audit_log')).toBe(audits);
    const rejected = await reviewCall({
      id: submission.id,
      decision: 'reject',
      reason: 'The photo is blurred.',
    });
    expect(rejected).toMatchObject({
      code: 1,
      data: { state: 'rejected', review_status: 0, reason: 'The photo is blurred.' },
    });
    const center = await call<RealNameCenter>(t, 'GET', '/api/user_real/center', {}, { token: user.token });
    expect(center.data).toMatchObject({
      review_status: 0,
      state: 'rejected',
      reason: 'The photo is blurred.',
    });
  });

  it('refuses other roles (audited), unknown submissions, and an old submission of a customer', async () => {
    const user = await submitted('roles');
    const submission = (await queue({ user_id: user.user.id })).data.list[0] as StaffSubmission;
    const finance = await staffSession(t, 'finance');
    expect(await queue({}, finance)).toEqual({ code: 0, msg: 'Your role does not allow this.', data: null });
    expect(await reviewCall({ id: submission.id, decision: 'approve' }, finance)).toMatchObject({ code: 0 });
    expect(await auditActions(t, finance.id)).toContain('staff.forbidden');
    expect(await reviewCall({ id: 999999, decision: 'approve' })).toEqual({
      code: 0,
      msg: 'This verification submission does not exist.',
      data: null,
    });
    // Rejected, then sent again: the first submission is no longer the one to review.
    await reviewCall({ id: submission.id, decision: 'reject', reason: 'Blurred.' });
    const front = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'kyc' });
    const back = await upload(t, user.token, await makeImage('png'), {
      purpose: 'kyc',
      contentType: 'image/png',
    });
    await call(
      t,
      'POST',
      '/api/user_real/real_name',
      {
        name: 'Lee Siu Ming',
        card_id: 'K9876543',
        front_pic: front.data?.name,
        reverse_pic: back.data?.name,
      },
      { token: user.token },
    );
    expect(await reviewCall({ id: submission.id, decision: 'approve' })).toMatchObject({
      code: 0,
      msg: 'This verification is not waiting for review.',
    });
  });

  it('tells the customer the outcome through the outbox, in their language, once per review', async () => {
    const accepted = await submitted('notice-ok');
    // This one registered in the app in Traditional Chinese.
    const refused = await submitted('notice-no', 'hk');
    const noticesOf = async (to: string) =>
      (
        (await readOutbox(t)) as unknown as { to: string; type: unknown; text: string; channel: string }[]
      ).filter((line) => line.to === to && String(line.type).startsWith('kyc.'));
    const acceptedId = ((await queue({ user_id: accepted.user.id })).data.list[0] as StaffSubmission).id;
    const refusedId = ((await queue({ user_id: refused.user.id })).data.list[0] as StaffSubmission).id;
    // A refused review (no reason) writes no notice.
    expect(await reviewCall({ id: refusedId, decision: 'reject' })).toMatchObject({ code: 0 });
    expect(await noticesOf(refused.user.email ?? '')).toEqual([]);

    expect(await reviewCall({ id: acceptedId, decision: 'approve' })).toMatchObject({ code: 1 });
    expect(await noticesOf(accepted.user.email ?? '')).toEqual([
      expect.objectContaining({
        channel: 'email',
        type: 'kyc.verified',
        text: 'Your identity has been verified. You can now deposit and withdraw.',
      }),
    ]);
    // A second review is refused and tells the customer nothing more.
    expect(await reviewCall({ id: acceptedId, decision: 'reject', reason: 'late' })).toMatchObject({
      code: 0,
    });
    expect(await noticesOf(accepted.user.email ?? '')).toHaveLength(1);

    expect(
      await reviewCall({ id: refusedId, decision: 'reject', reason: 'The photo is blurred.' }),
    ).toMatchObject({ code: 1 });
    const [notice, ...more] = await noticesOf(refused.user.email ?? '');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ type: 'kyc.rejected' });
    expect(notice?.text).toContain('您的身份驗證未獲通過');
    expect(notice?.text).toContain('The photo is blurred.');
  });

  it('sends the notice by SMS to a customer registered by mobile only', async () => {
    const mobile = `6${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const user = await sendIdentity(
      await registerByMobile(t, { id: areaIdOf('HK'), globalCode: '+852' }, mobile),
    );
    const submission = (await queue({ user_id: user.user.id })).data.list[0] as StaffSubmission;
    expect(await reviewCall({ id: submission.id, decision: 'approve' })).toMatchObject({ code: 1 });
    const lines = (await readOutbox(t)) as unknown as { to: string; type: unknown; channel: string }[];
    expect(lines.filter((line) => line.to === `+852${mobile}` && line.type === 'kyc.verified')).toEqual([
      expect.objectContaining({ channel: 'sms' }),
    ]);
  });
});
