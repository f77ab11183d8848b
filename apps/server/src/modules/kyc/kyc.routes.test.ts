import type { SessionData } from '@meridian/contract/auth';
import type { RealNameCenter } from '@meridian/contract/kyc';
import type { StaffRole } from '@meridian/contract/staff';
import { asUserId } from '@meridian/domain/ids';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { countTable } from '../../../test/rows';
import { serviceContext, staffActor } from '../../../test/staff';
import { isVerified, review } from './kyc.service';

const t = useTestApp();

async function kycPhotos(token: string): Promise<{ front: string; reverse: string }> {
  const front = await upload(t, token, await makeImage('jpeg'), { purpose: 'kyc' });
  const reverse = await upload(t, token, await makeImage('png'), {
    purpose: 'kyc',
    contentType: 'image/png',
  });
  return { front: front.data!.name, reverse: reverse.data!.url };
}

async function center(token: string) {
  return call<RealNameCenter>(t, 'GET', '/api/user_real/center', {}, { token });
}

async function submit(token: string, fields: Record<string, unknown>) {
  return call<RealNameCenter>(t, 'POST', '/api/user_real/real_name', fields, { token });
}

/** Sends a name and number with two photos the person uploads just before. */
async function submitWithNewPhotos(token: string, identity: { name: string; card_id: string }) {
  const own = await kycPhotos(token);
  return submit(token, { ...identity, front_pic: own.front, reverse_pic: own.reverse });
}

let user: SessionData;
let photos: { front: string; reverse: string };

describe('real-name verification: the state machine through the API', () => {
  // Each test walks a customer of its own, so none depends on where another left one.
  beforeEach(async () => {
    user = await registerByEmail(t, freshEmail('kyc'));
    photos = await kycPhotos(user.token);
  });

  it('starts at 0 (the form) with nothing filled', async () => {
    expect(await center(user.token)).toMatchObject({
      code: 1,
      data: {
        review_status: 0,
        state: 'none',
        name: '',
        card_id: '',
        front_pic: '',
        reverse_pic: '',
        reason: '',
      },
    });
  });

  it('refuses missing fields, naming the field, and writes nothing', async () => {
    const before = await countTable(t, 'real_name_submissions');
    const { front, reverse } = photos;
    const refusals: [fields: Record<string, string>, msg: string][] = [
      [{ card_id: 'A1234567', front_pic: front, reverse_pic: reverse }, 'Name is required.'],
      [{ name: 'Chan Tai Man', front_pic: front, reverse_pic: reverse }, 'ID number is required.'],
      [{ name: 'Chan Tai Man', card_id: 'A1234567', front_pic: front }, 'Back photo is required.'],
      [
        { name: 'Chan', card_id: 'A1<script>', front_pic: front, reverse_pic: reverse },
        'Please enter a valid ID or passport number (letters and digits).',
      ],
      [
        { name: 'Chan', card_id: 'A1234567', front_pic: front, reverse_pic: front },
        'Please upload two different photos: the front and the back.',
      ],
    ];
    for (const [fields, msg] of refusals) {
      expect(await submit(user.token, fields)).toMatchObject({ code: 0, msg });
    }
    expect(await countTable(t, 'real_name_submissions')).toBe(before);
  });

  it("refuses photos that are not the user's own kyc uploads", async () => {
    const stranger = await registerByEmail(t, freshEmail('stranger'));
    const theirs = await kycPhotos(stranger.token);
    const chat = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'chat' });
    const before = await countTable(t, 'real_name_submissions');
    for (const front of [
      theirs.front,
      chat.data!.name,
      `${'0'.repeat(32)}.jpg`,
      'https://evil.example/x.jpg',
    ]) {
      expect(
        await submit(user.token, {
          name: 'Chan Tai Man',
          card_id: 'A1234567',
          front_pic: front,
          reverse_pic: photos.reverse,
        }),
      ).toMatchObject({ code: 0, msg: 'This image was not found. Please upload it again.' });
    }
    expect(await countTable(t, 'real_name_submissions')).toBe(before);
  });

  it('goes 0 -> 1 on submission, with the number masked and the photos signed for the owner', async () => {
    const answer = await submit(user.token, {
      name: 'Chan Tai Man',
      card_id: 'a123 4567',
      front_pic: photos.front,
      reverse_pic: photos.reverse,
    });
    expect(answer).toMatchObject({
      code: 1,
      data: { review_status: 1, state: 'pending', name: 'Chan Tai Man', card_id: 'A1****67', reason: '' },
    });
    const view = (await center(user.token)).data;
    expect(view.review_status).toBe(1);
    expect((await fetchImage(t, view.front_pic)).status).toBe(200);
    expect((await fetchImage(t, view.reverse_pic)).status).toBe(200);
    const other = await registerByEmail(t, freshEmail('peek'));
    expect((await fetchImage(t, view.front_pic, other.token)).status).toBe(403);
    // Another user's center shows none of it.
    expect((await center(other.token)).data).toMatchObject({ review_status: 0, name: '', front_pic: '' });
  });

  it('refuses a second submission while one waits, and writes nothing', async () => {
    const first = await submit(user.token, {
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: photos.front,
      reverse_pic: photos.reverse,
    });
    expect(first).toMatchObject({ code: 1, data: { review_status: 1 } });
    const before = await countTable(t, 'real_name_submissions');
    expect(await submitWithNewPhotos(user.token, { name: 'Chan Tai Man', card_id: 'B7654321' })).toEqual({
      code: 0,
      msg: 'Your verification is under review. Please wait for the result.',
      data: null,
    });
    expect(await countTable(t, 'real_name_submissions')).toBe(before);
  });
});

describe('real-name verification: the review (a service the back office will call)', () => {
  /** A new customer whose submission waits for review, and a staff member of `role` to review it. */
  async function waitingReview(tag: string, identity: { name: string; card_id: string }, role: StaffRole) {
    const person = await registerByEmail(t, freshEmail(tag));
    await submitWithNewPhotos(person.token, identity);
    return { context: serviceContext(t), person, reviewer: await staffActor(t, role) };
  }

  it('approves a waiting submission: 1 -> 2, verified, audited; then no more submissions', async () => {
    const identity = { name: 'Lee Siu Ming', card_id: 'K9876543' };
    const { context, person, reviewer: compliance } = await waitingReview('approve', identity, 'compliance');
    const audits = await countTable(t, 'audit_log');

    const approved = await review(context, compliance, {
      userId: asUserId(person.user.id),
      decision: 'approve',
    });
    expect(approved).toMatchObject({ review_status: 2, state: 'verified', reason: '' });
    expect((await center(person.token)).data).toMatchObject({ review_status: 2, state: 'verified' });
    expect(await isVerified(t.database.db, asUserId(person.user.id))).toBe(true);
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);

    expect(await submitWithNewPhotos(person.token, identity)).toEqual({
      code: 0,
      msg: 'Your identity has already been verified.',
      data: null,
    });
    // A second review of a finished one is refused, and not audited as a change.
    await expect(
      review(context, compliance, { userId: asUserId(person.user.id), decision: 'reject', reason: 'x' }),
    ).rejects.toThrow('error.real_name_not_pending');
  });

  it('rejects with a reason: the form comes back (0) with the reason, and a new submission is allowed', async () => {
    const identity = { name: 'Wong Ka Yan', card_id: 'Z1112223' };
    const { context, person, reviewer: compliance } = await waitingReview('reject', identity, 'compliance');

    await expect(
      review(context, compliance, { userId: asUserId(person.user.id), decision: 'reject' }),
    ).rejects.toThrow('error.review_reason_required');
    await review(context, compliance, {
      userId: asUserId(person.user.id),
      decision: 'reject',
      reason: 'The back photo is blurred.',
    });
    expect((await center(person.token)).data).toMatchObject({
      review_status: 0,
      state: 'rejected',
      reason: 'The back photo is blurred.',
      name: 'Wong Ka Yan',
    });
    expect(await isVerified(t.database.db, asUserId(person.user.id))).toBe(false);

    const resubmitted = await submitWithNewPhotos(person.token, identity);
    expect(resubmitted).toMatchObject({ code: 1, data: { review_status: 1, state: 'pending', reason: '' } });
  });

  it('refuses a reviewer whose role lacks the permission, and changes nothing', async () => {
    const identity = { name: 'Ho Wing', card_id: 'P5556667' };
    const { context, person, reviewer: agent } = await waitingReview('norole', identity, 'support');
    await expect(
      review(context, agent, { userId: asUserId(person.user.id), decision: 'approve' }),
    ).rejects.toThrow('error.staff_forbidden');
    expect((await center(person.token)).data.review_status).toBe(1);
  });
});

describe('real-name verification: roles', () => {
  it('answers 999 to a visitor on both endpoints, before looking at the fields', async () => {
    expect((await call(t, 'GET', '/api/user_real/center')).code).toBe(999);
    expect((await call(t, 'POST', '/api/user_real/real_name', {})).code).toBe(999);
    expect((await call(t, 'POST', '/api/user_real/real_name', {}, { token: 'expired-token' })).code).toBe(
      999,
    );
  });

  it('refuses a demo user with the real-account-only message, and writes nothing', async () => {
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'kyc-demo-device-1',
    });
    // Photos a real customer could submit: the refusal is for the account, not the pictures.
    const owner = await registerByEmail(t, freshEmail('kyc-photos'));
    const photos = await kycPhotos(owner.token);
    const before = await countTable(t, 'real_name_submissions');
    expect(await center(demo.data.token)).toEqual({
      code: 0,
      msg: 'Only a real account can do this.',
      data: null,
    });
    expect(
      await submit(demo.data.token, {
        name: 'Demo',
        card_id: 'D1234567',
        front_pic: photos.front,
        reverse_pic: photos.reverse,
      }),
    ).toEqual({ code: 0, msg: 'Only a real account can do this.', data: null });
    expect(await countTable(t, 'real_name_submissions')).toBe(before);
  });
});
