import type { SessionData } from '@meridian/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call, freshEmail, lastCode, PASSWORD, registerByEmail } from './accounts';
import { useTestApp } from './app-hooks';
import { makeImage, upload } from './images';

/**
 * PostgreSQL refuses a NUL (U+0000) in text, so a NUL that reached a query
 * answered HTTP 500 and logged an error. The contract's text fields refuse control characters at
 * the edge: each call below answers code 0 with a message in the request's language, and writes
 * nothing.
 */

const t = useTestApp();
let user: SessionData;

beforeAll(async () => {
  user = await registerByEmail(t, freshEmail('nul'));
});

const NUL = '\u0000';
const REFUSAL_EN = /contains an invisible control character/;
const REFUSAL_DE = /unsichtbares Steuerzeichen/;

const WRITTEN_TABLES = [
  'users',
  'traders',
  'support_messages',
  'support_conversations',
  'real_name_submissions',
] as const;

/** Rows of every table these calls could write, to show that a refusal wrote nothing. */
async function writtenRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITTEN_TABLES) {
    const result = await t.database.db.execute(`select count(*)::int as count from ${table}`);
    counts[table] = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }
  return counts;
}

function expectRefused(answer: { code: number; msg: string; data: unknown }, field: RegExp): void {
  expect(answer.code).toBe(0);
  expect(answer.msg).toMatch(REFUSAL_EN);
  expect(answer.msg).toMatch(field);
  expect(answer.data).toBeNull();
}

describe('a NUL in a text field is refused at the edge, never a 500', () => {
  it('in the company search (GET /api/company/getCompany?name)', async () => {
    const before = await writtenRows();
    const answer = await call(t, 'GET', '/api/company/getCompany', { name: `Mer${NUL}idian` });
    expectRefused(answer, /^Name /);
    expect(await writtenRows()).toEqual(before);
  });

  it('in the instrument search (GET /v1/api/forex/trade_list?searchCurrency)', async () => {
    const answer = await call(t, 'GET', '/v1/api/forex/trade_list', { searchCurrency: `EUR${NUL}` });
    expectRefused(answer, /^Search text /);
  });

  it('in a support message (POST /api/support/send)', async () => {
    const before = await writtenRows();
    const answer = await call(
      t,
      'POST',
      '/api/support/send',
      { text: `Hello${NUL} there` },
      { token: user.token },
    );
    expectRefused(answer, /^Message /);
    expect(await writtenRows()).toEqual(before);
  });

  it('in a trader display name (POST /api/follow/opt_in)', async () => {
    const before = await writtenRows();
    const answer = await call(
      t,
      'POST',
      '/api/follow/opt_in',
      { display_name: `Nul${NUL}Trader` },
      { token: user.token },
    );
    expectRefused(answer, /^Display name /);
    expect(await writtenRows()).toEqual(before);
  });

  it('in an invite code at registration, with no session (POST /api/user/register)', async () => {
    const email = freshEmail('invited');
    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 1 })).code).toBe(1);
    const before = await writtenRows();
    const answer = await call(t, 'POST', '/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(t, email, 1),
      invite_code: `AB${NUL}CD`,
    });
    expectRefused(answer, /^Invite code /);
    expect(await writtenRows()).toEqual(before);
  });

  it('in a real name (POST /api/user_real/real_name)', async () => {
    const front = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'kyc' });
    const reverse = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'kyc' });
    const before = await writtenRows();
    const answer = await call(
      t,
      'POST',
      '/api/user_real/real_name',
      {
        name: `Chan${NUL} Tai Man`,
        card_id: 'A1234567',
        front_pic: front.data?.name,
        reverse_pic: reverse.data?.name,
      },
      { token: user.token },
    );
    expectRefused(answer, /^Name /);
    expect(await writtenRows()).toEqual(before);
  });

  it('answers in the language of the request', async () => {
    const answer = await call(t, 'GET', '/api/company/getCompany', { name: `a${NUL}` }, { lang: 'de' });
    expect(answer.code).toBe(0);
    expect(answer.msg).toMatch(REFUSAL_DE);
  });

  it('drops the controls of the headers a session keeps (user agent, forwarded address)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=nul-headers-1',
      headers: { lang: 'en', 'user-agent': `Browser${NUL}/1.0\r`, 'x-forwarded-for': `10.9.8.7${NUL}` },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { code: number; data: SessionData };
    expect(answer.code).toBe(1);
    const result = await t.database.db.execute(
      `select user_agent, address from sessions where user_id = ${Number(answer.data.user.id)}`,
    );
    expect(rowsOf(result)).toEqual([{ user_agent: 'Browser/1.0', address: '10.9.8.7' }]);
  });

  it('keeps the line breaks of a support message, and refuses other controls in it', async () => {
    const sent = await call<{ text: string }>(
      t,
      'POST',
      '/api/support/send',
      { text: 'First line\nSecond line\tend' },
      { token: user.token },
    );
    expect(sent).toMatchObject({ code: 1, data: { text: 'First line\nSecond line\tend' } });
    const bell = await call(t, 'POST', '/api/support/send', { text: 'Ring\u0007' }, { token: user.token });
    expectRefused(bell, /^Message /);
  });
});
