import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import { rowsOf } from '../src/db/migrate';
import { OUTBOX_FILE_NAME, outboxLineOf } from '../src/modules/notify/file-transport';
import type { ClaimedRow } from '../src/modules/notify/outbox.repository';
import { messageOf } from '../src/modules/notify/outbox.service';
import { areaIdOf } from '../src/modules/settings/area-codes';
import { body, type TestApp } from './app';

/** One message of the outbox as its line in DATA_DIR/outbox.jsonl reads (a code's; a notice has `text`). */
export type OutboxLine = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  type: number;
  code: string;
  at: string;
};

/**
 * Every message in the outbox table, oldest first, as the file transport would write it (a notice
 * rendered in its recipient's language): written in its cause's transaction, so it is there as soon
 * as the call has answered, delivered or not.
 */
export async function readOutbox(t: TestApp): Promise<OutboxLine[]> {
  const result = await t.database.db.execute(
    'select id, channel, recipient, language, kind, payload, attempts, created_at from outbox_messages order by sequence',
  );
  return rowsOf<ClaimedRow>(result).map(
    (row) => outboxLineOf(messageOf({ ...row, previous_status: 'pending' })) as OutboxLine,
  );
}

/** The lines of DATA_DIR/outbox.jsonl, the file transport's output. */
export async function readOutboxFile(dataDir: string): Promise<Record<string, unknown>[]> {
  try {
    const text = await readFile(path.join(dataDir, OUTBOX_FILE_NAME), 'utf8');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** A well-formed verification code that is not `code`. */
export function otherCodeThan(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** The newest code the outbox holds for a destination and purpose. */
export async function lastCode(t: TestApp, to: string, type: number): Promise<string> {
  const lines = (await readOutbox(t)).filter((line) => line.to === to && line.type === type);
  const line = lines.at(-1);
  if (!line) throw new Error(`no code in the outbox for ${to} (type ${type})`);
  return line.code;
}

const TABLES = [
  'users',
  'sessions',
  'trading_accounts',
  'ledger_entries',
  'verification_codes',
  'captchas',
] as const;
export type TableName = (typeof TABLES)[number];

export async function countRows(t: TestApp, table: TableName): Promise<number> {
  const result = await t.database.db.execute(`select count(*)::int as count from ${table}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** Row counts of every account table, to show that a refused call wrote nothing. */
export async function snapshotCounts(t: TestApp): Promise<Record<TableName, number>> {
  const entries = await Promise.all(TABLES.map(async (table) => [table, await countRows(t, table)] as const));
  return Object.fromEntries(entries) as Record<TableName, number>;
}

let addressCounter = 0;
/** A client address of its own, so rate limits per address never leak between tests. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function textFields(fields: Record<string, unknown>): [string, string][] {
  return Object.entries(fields).map(([key, value]) => [key, String(value)]);
}

export type CallOptions = { token?: string; address?: string; lang?: string; form?: boolean };

/** Sends a call the way the app does: JSON (or form) body for POST, query for GET. */
export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  fields: Record<string, unknown> = {},
  options: CallOptions = {},
) {
  const headers: Record<string, string> = {
    lang: options.lang ?? 'en',
    'x-forwarded-for': options.address ?? freshAddress(),
  };
  if (options.token !== undefined) headers.authorization = options.token;
  if (method === 'GET') {
    const query = new URLSearchParams(textFields(fields));
    const response = await t.app.inject({ method, url: `${url}?${query}`, headers });
    return body<T>(response);
  }
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const payload = new URLSearchParams(textFields(fields));
    return body<T>(await t.app.inject({ method, url, headers, payload: payload.toString() }));
  }
  return body<T>(await t.app.inject({ method, url, headers, payload: fields as Record<string, string> }));
}

export const PASSWORD = 'Secret123';
/** The password the password tests change to. */
export const NEW_PASSWORD = 'Changed456';

/** The area of the tests' mobile numbers. */
export const HONG_KONG = { id: areaIdOf('HK'), globalCode: '+852' };

/** The answer of a call whose session is gone (or never was). */
export const SESSION_INVALID = { code: 999, msg: 'Your session has ended. Please log in again.', data: null };
/** The answer of a change that has nothing to send back. */
export const DONE = { code: 1, msg: 'Success', data: {} };

let emailCounter = 0;
export function freshEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

let mobileCounter = 0;
export function freshMobile(): string {
  mobileCounter += 1;
  return `9${String(Date.now() % 1_000_000).padStart(6, '0')}${String(mobileCounter).padStart(3, '0')}`;
}

/** The e-mail register form exactly as the spec's client sends it, its empty fields included. */
export function specEmailRegisterForm(email: string, code: string, password = PASSWORD) {
  return {
    type: 'email',
    area_id: '',
    account: email,
    password,
    re_password: password,
    invite_code: '',
    sms_code: code,
    key: '',
    mobile: '',
  };
}

/** Registers by e-mail through the public API, code read from the outbox. */
export async function registerByEmail(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<SessionData> {
  const sent = await call(t, 'POST', '/api/notify/send_email', { email, type: 1 });
  if (sent.code !== 1) throw new Error(`send_email failed: ${sent.msg}`);
  const code = await lastCode(t, email.toLowerCase(), 1);
  const answer = await call<SessionData>(t, 'POST', '/api/user/register', emailFields(email, code, extra));
  if (answer.code !== 1) throw new Error(`register failed: ${answer.msg}`);
  return answer.data;
}

/** The e-mail registration form: the address, the test password twice, the e-mailed code. */
export function emailFields(email: string, code: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: code,
    ...extra,
  };
}

/** Registers by area code + mobile number through the public API, code read from the outbox. */
export async function registerByMobile(
  t: TestApp,
  area: { id: number; globalCode: string },
  mobile: string,
): Promise<SessionData> {
  const sent = await call(t, 'POST', '/api/notify/send_sms', { to: mobile, area_id: area.id, type: 1 });
  if (sent.code !== 1) throw new Error(`send_sms failed: ${sent.msg}`);
  const code = await lastCode(t, `${area.globalCode}${mobile}`, 1);
  const answer = await call<SessionData>(t, 'POST', '/api/user/register', {
    type: 'mobile',
    account: mobile,
    area_id: area.id,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: code,
  });
  if (answer.code !== 1) throw new Error(`register failed: ${answer.msg}`);
  return answer.data;
}

export async function login(t: TestApp, account: string, password = PASSWORD, options: CallOptions = {}) {
  return call<SessionData>(t, 'POST', '/api/user/loginForU', { type: 'email', account, password }, options);
}

/** Logs in with a Hong Kong mobile number (the area the tests register mobiles in). */
export async function loginByMobile(t: TestApp, mobile: string, password = PASSWORD) {
  const fields = { type: 'mobile', account: mobile, area_id: HONG_KONG.id, password };
  return call<SessionData>(t, 'POST', '/api/user/loginForU', fields);
}
