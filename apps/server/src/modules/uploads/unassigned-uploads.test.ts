import type { SessionData } from '@meridian/contract/auth';
import type { BankCurrency, DepositRecord, WireInfo } from '@meridian/contract/funds';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { coinChannel, fundsCounts } from '../../../test/funds';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { rowsOf } from '../../db/migrate';

/**
 * The spec's client uploads with the file only (no purpose). Such an upload is
 * `unassigned` until its first use claims it: a deposit proof, an identity photo or a chat image.
 */

const t = useTestApp();

let imagesMade = 0;

/** Uploads a picture as the spec's client does: the file, no purpose. Answers the upload. */
async function specUpload(token: string) {
  imagesMade += 1;
  const answer = await upload(t, token, await makeImage('jpeg', { width: 40 + imagesMade }));
  expect(answer.code).toBe(1);
  if (!answer.data) throw new Error(`upload refused: ${answer.msg}`);
  return answer.data;
}

async function purposeOf(name: string): Promise<string | undefined> {
  const result = await t.database.db.execute(`select purpose from uploads where name = '${name}'`);
  return rowsOf<{ purpose: string }>(result)[0]?.purpose;
}

async function coinDeposit(token: string, proofImg: string, method: 'GET' | 'POST' = 'GET') {
  const channel = await coinChannel(t, token, 'USDT', 'TRC20');
  return call<DepositRecord>(
    t,
    method,
    '/api/quickCharge/submit',
    { number: '25', proofImg, address: channel.address, charge_id: channel.id },
    { token },
  );
}

async function wireDeposit(token: string, proofImg: string) {
  const symbols = await call<BankCurrency[]>(t, 'GET', '/api/quickCharge/symbols', {}, { token });
  const usd = symbols.data.find((one) => one.code === 'USD');
  const wires = await call<WireInfo[]>(
    t,
    'GET',
    '/api/quickCharge/wire_info',
    { bank_coin: usd?.id },
    { token },
  );
  const wire = wires.data[0] as WireInfo;
  return call<DepositRecord>(
    t,
    'GET',
    '/api/quickCharge/wire_submit',
    { number: '1000', proofImg, wire_id: wire.id },
    { token },
  );
}

function realName(token: string, front: string, reverse: string) {
  return call(
    t,
    'POST',
    '/api/user_real/real_name',
    { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: front, reverse_pic: reverse },
    { token },
  );
}

function chat(token: string, image: string) {
  return call(t, 'POST', '/api/support/send', { image }, { token });
}

const NOT_FOUND = { code: 0, msg: 'This image was not found. Please upload it again.', data: null };

describe('an upload without a purpose (the spec client)', () => {
  let customer: SessionData;
  beforeAll(async () => {
    customer = await registerByEmail(t, freshEmail('spec-upload'));
  });

  it('is stored unassigned, private to its owner', async () => {
    const uploaded = await specUpload(customer.token);
    expect(uploaded.purpose).toBe('unassigned');
    expect(await purposeOf(uploaded.name)).toBe('unassigned');
    expect((await fetchImage(t, uploaded.url, customer.token)).status).toBe(200);
    const stranger = await registerByEmail(t, freshEmail('stranger'));
    expect((await fetchImage(t, uploaded.url, stranger.token)).status).toBe(403);
  });

  it('becomes a coin deposit proof by its url, and from then on is a proof only', async () => {
    const uploaded = await specUpload(customer.token);
    const deposit = await coinDeposit(customer.token, uploaded.url);
    expect(deposit).toMatchObject({ code: 1, data: { type: 0, number: '25', status: 0 } });
    expect(await purposeOf(uploaded.name)).toBe('proof');
    // The same kind may use it again (the back office flags a proof shown twice)...
    expect((await coinDeposit(customer.token, uploaded.name, 'POST')).code).toBe(1);
    // ...no other kind ever can.
    const before = await fundsCounts(t);
    const photo = await specUpload(customer.token);
    expect(await realName(customer.token, uploaded.name, photo.name)).toEqual(NOT_FOUND);
    expect(await realName(customer.token, photo.name, uploaded.name)).toEqual(NOT_FOUND);
    expect(await chat(customer.token, uploaded.name)).toEqual(NOT_FOUND);
    expect(await purposeOf(uploaded.name)).toBe('proof');
    // The refused real-name call claimed nothing: its other photo is still free.
    expect(await purposeOf(photo.name)).toBe('unassigned');
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('becomes a wire deposit proof', async () => {
    const uploaded = await specUpload(customer.token);
    expect(await wireDeposit(customer.token, uploaded.url)).toMatchObject({ code: 1, data: { type: 1 } });
    expect(await purposeOf(uploaded.name)).toBe('proof');
  });

  it('becomes identity photos, and then serves no deposit', async () => {
    const person = await registerByEmail(t, freshEmail('identity'));
    const front = await specUpload(person.token);
    const reverse = await specUpload(person.token);
    expect(await realName(person.token, front.url, reverse.name)).toMatchObject({
      code: 1,
      data: { review_status: 1 },
    });
    expect([await purposeOf(front.name), await purposeOf(reverse.name)]).toEqual(['kyc', 'kyc']);
    const before = await fundsCounts(t);
    expect(await coinDeposit(person.token, front.name)).toEqual(NOT_FOUND);
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('becomes a chat image, and then serves no deposit', async () => {
    const uploaded = await specUpload(customer.token);
    expect(await chat(customer.token, uploaded.name)).toMatchObject({ code: 1 });
    expect(await purposeOf(uploaded.name)).toBe('chat');
    expect(await coinDeposit(customer.token, uploaded.name)).toEqual(NOT_FOUND);
  });

  it("is never another user's: their use is refused and leaves it unassigned for the owner", async () => {
    const uploaded = await specUpload(customer.token);
    const other = await registerByEmail(t, freshEmail('other'));
    const before = await fundsCounts(t);
    expect(await coinDeposit(other.token, uploaded.url)).toEqual(NOT_FOUND);
    expect(await chat(other.token, uploaded.name)).toEqual(NOT_FOUND);
    expect(await fundsCounts(t)).toEqual(before);
    expect(await purposeOf(uploaded.name)).toBe('unassigned');
    expect((await coinDeposit(customer.token, uploaded.name)).code).toBe(1);
  });

  it('a refused use claims nothing (the same photo as both sides of the ID)', async () => {
    const person = await registerByEmail(t, freshEmail('same-photo'));
    const photo = await specUpload(person.token);
    expect((await realName(person.token, photo.name, photo.name)).msg).toBe(
      'Please upload two different photos: the front and the back.',
    );
    expect(await purposeOf(photo.name)).toBe('unassigned');
    expect((await coinDeposit(person.token, photo.name)).code).toBe(1);
  });

  it('two uses racing for it: exactly one kind wins', async () => {
    const uploaded = await specUpload(customer.token);
    const before = await fundsCounts(t);
    const [deposit, message] = await Promise.all([
      coinDeposit(customer.token, uploaded.name),
      chat(customer.token, uploaded.name),
    ]);
    expect([deposit.code, message.code].sort()).toEqual([0, 1]);
    const purpose = await purposeOf(uploaded.name);
    expect(purpose).toBe(deposit.code === 1 ? 'proof' : 'chat');
    expect((await fundsCounts(t)).deposits).toBe(before.deposits + (deposit.code === 1 ? 1 : 0));
  });
});

describe('an upload that names its purpose', () => {
  it('keeps it: a kyc upload is no deposit proof, as before', async () => {
    const customer = await registerByEmail(t, freshEmail('named'));
    const kyc = await upload(t, customer.token, await makeImage('png'), {
      purpose: 'kyc',
      contentType: 'image/png',
    });
    expect(kyc.data?.purpose).toBe('kyc');
    expect(await coinDeposit(customer.token, kyc.data?.name ?? '')).toEqual(NOT_FOUND);
    expect(await purposeOf(kyc.data?.name ?? '')).toBe('kyc');
  });
});
