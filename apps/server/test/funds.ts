import { randomBytes } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import type { CoinChannel, DepositRecord, DrawCurrency, WithdrawRecord } from '@meridian/contract/funds';
import type { StaffDeposit } from '@meridian/contract/funds-staff';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import type { ForexDetail } from '@meridian/contract/trading';
import type { DrawMethod } from '@meridian/contract/wallet';
import type { UserId } from '@meridian/domain/ids';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { rowsOf } from '../src/db/migrate';
import { call, freshEmail, registerByEmail } from './accounts';
import type { TestApp } from './app';
import { makeImage, upload } from './images';
import { sendRealName } from './real-name';
import { adminCall, staffSession } from './staff';

/** What the funds tests share: verified customers, proofs, channels, methods, funded balances. */

const base58check = createBase58check(sha256);

/** A fresh, valid TRON address (0x41 and 20 random bytes, Base58Check). */
export function tronAddress(): string {
  return base58check.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
}

/** A fresh Ethereum address in its EIP-55 mixed-case form. */
export function ethereumAddress(): string {
  const lower = randomBytes(20).toString('hex');
  const hash = keccak_256(new TextEncoder().encode(lower));
  const mixed = [...lower]
    .map((character, index) => {
      const byte = hash[index >> 1] as number;
      const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
      return nibble >= 8 ? character.toUpperCase() : character;
    })
    .join('');
  return `0x${mixed}`;
}

/** An EIP-55 address with the case of one letter changed: its checksum fails. */
export function withOneLetterFlipped(address: string): string {
  const characters = [...address];
  const index = characters.findIndex((character, position) => position > 1 && /[a-fA-F]/.test(character));
  if (index < 0) throw new Error(`no letter to flip in ${address}`);
  const letter = characters[index] as string;
  characters[index] = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return characters.join('');
}

export type StaffLogin = { id: number; email: string; token: string };

/** One finance and one compliance staff member per test app (and a second finance for four-eyes). */
export async function financeStaff(t: TestApp, name = 'Finance Clerk'): Promise<StaffLogin> {
  return staffSession(t, 'finance', name);
}

let proofsMade = 0;

/**
 * A proof of transfer of its own (each one a different size, so a different content hash: a
 * customer's own screenshot is not another deposit's proof), or `bytes` to show the same one twice.
 */
export async function proofImage(t: TestApp, token: string, bytes?: Buffer): Promise<string> {
  proofsMade += 1;
  const image = bytes ?? (await makeImage('jpeg', { width: 64 + proofsMade }));
  const answer = await upload(t, token, image, { purpose: 'proof' });
  if (answer.code !== 1 || !answer.data) throw new Error(`proof upload failed: ${answer.msg}`);
  return answer.data.name;
}

/** The real-name record every helper customer sends: the legal name and ID number. */
export const CUSTOMER_IDENTITY = { name: 'Chan Tai Man', card_id: 'A1234567' } as const;

/** A registered real customer whose identity (CUSTOMER_IDENTITY, two photos) waits for review. */
export async function submittedCustomer(t: TestApp, prefix = 'funds'): Promise<SessionData> {
  const user = await registerByEmail(t, freshEmail(prefix));
  const submitted = await sendRealName(t, user.token, CUSTOMER_IDENTITY);
  if (submitted.code !== 1) throw new Error(`real-name submission failed: ${submitted.msg}`);
  return user;
}

/** A registered real customer whose identity compliance approved through the staff API. */
export async function verifiedCustomer(
  t: TestApp,
  compliance: StaffLogin,
  prefix = 'funds',
): Promise<SessionData> {
  const user = await submittedCustomer(t, prefix);
  const queue = await adminCall<{ list: StaffSubmission[] }>(
    t,
    'GET',
    '/admin/api/kyc/submissions',
    { user_id: user.user.id },
    compliance.token,
  );
  const submission = queue.data?.list[0];
  if (!submission) throw new Error(`no waiting submission for user ${user.user.id}: ${queue.msg}`);
  const reviewed = await adminCall(
    t,
    'POST',
    '/admin/api/kyc/review',
    { id: submission.id, decision: 'approve' },
    compliance.token,
  );
  if (reviewed.code !== 1) throw new Error(`identity review failed: ${reviewed.msg}`);
  return user;
}

export async function coinChannel(t: TestApp, token: string, currency: string, network: string) {
  const channels = await call<CoinChannel[]>(t, 'GET', '/api/quickCharge/info', {}, { token });
  const channel = channels.data?.find(
    (one) => one.currency_code === currency && one.protocol_code === network,
  );
  if (!channel) throw new Error(`no ${currency} ${network} channel`);
  return channel;
}

export async function drawCurrency(t: TestApp, token: string, code: string, protocol = '') {
  const currencies = await call<DrawCurrency[]>(t, 'GET', '/api/account/draw_symbol_list', {}, { token });
  const currency = currencies.data?.find((one) => one.code === code && one.protocol === protocol);
  if (!currency) throw new Error(`no withdraw currency ${code} ${protocol}`);
  return currency;
}

/** Reports a USDT deposit (TRC20 unless told) with a fresh proof, or the given one; answers the record. */
export async function reportDeposit(
  t: TestApp,
  token: string,
  number: string,
  options: { proof?: Buffer; network?: string } = {},
): Promise<DepositRecord> {
  const channel = await coinChannel(t, token, 'USDT', options.network ?? 'TRC20');
  const proofImg = await proofImage(t, token, options.proof);
  const answer = await call<DepositRecord>(
    t,
    'POST',
    '/api/quickCharge/submit',
    { number, proofImg, address: channel.address, charge_id: channel.id },
    { token },
  );
  if (answer.code !== 1) throw new Error(`deposit failed: ${answer.msg}`);
  return answer.data;
}

/**
 * A USDT deposit reported by the customer and approved by finance: the balance grows by `number`.
 * Above the four-eyes threshold the first approval only records itself: `second`, a
 * different staff member, credits it.
 */
export async function fund(
  t: TestApp,
  token: string,
  finance: StaffLogin,
  number: string,
  second?: StaffLogin,
): Promise<void> {
  const deposit = await reportDeposit(t, token, number);
  const approve = (staff: StaffLogin) =>
    adminCall<StaffDeposit>(t, 'POST', '/admin/api/funds/deposits/approve', { id: deposit.id }, staff.token);
  const approved = await approve(finance);
  if (approved.code !== 1) throw new Error(`deposit approval failed: ${approved.msg}`);
  if (approved.data.status === 1) return;
  if (!second) throw new Error(`deposit ${deposit.id} of ${number} needs a second approver`);
  const credited = await approve(second);
  if (credited.code !== 1 || credited.data.status !== 1)
    throw new Error(`second deposit approval failed: ${credited.msg}`);
}

/** Binds a fresh TRC20 address for USDT TRC20; answers the method. */
export async function bindTron(t: TestApp, token: string): Promise<DrawMethod> {
  const currency = await drawCurrency(t, token, 'USDT', 'TRC20');
  const answer = await call<DrawMethod>(
    t,
    'POST',
    '/api/wallet/bind_draw_method',
    { type: 1, draw_id: currency.id, dc_address: tronAddress() },
    { token },
  );
  if (answer.code !== 1) throw new Error(`bind failed: ${answer.msg}`);
  return answer.data;
}

export async function detail(t: TestApp, token: string): Promise<ForexDetail> {
  const answer = await call<ForexDetail>(t, 'GET', '/v1/api/main/account/forexDetail', {}, { token });
  if (answer.code !== 1) throw new Error(`forexDetail failed: ${answer.msg}`);
  return answer.data;
}

/** Requests a withdrawal of `number` USDT on TRC20 to `method`. */
export async function withdraw(
  t: TestApp,
  token: string,
  method: DrawMethod,
  number: string,
  password: string,
) {
  return call<WithdrawRecord>(
    t,
    'POST',
    '/api/account/draw',
    { draw_currency_id: method.draw_currency.id, number, memo: 'rent', password, draw_method_id: method.id },
    { token },
  );
}

const FUNDS_TABLES = [
  'deposits',
  'withdrawals',
  'withdrawal_approvals',
  'deposit_approvals',
  'draw_methods',
  'ledger_entries',
  'audit_log',
  'deposit_channels',
] as const;
export type FundsTable = (typeof FUNDS_TABLES)[number];

/** Row counts of the funds tables and the ledger, to show a refusal wrote nothing. */
export async function fundsCounts(t: TestApp): Promise<Record<FundsTable, number>> {
  const counts = await Promise.all(
    FUNDS_TABLES.map(async (table) => {
      const result = await t.database.db.execute(`select count(*)::int as count from ${table}`);
      return [table, Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<FundsTable, number>;
}

/** The audit actions of one staff member, oldest first. */
export async function auditActions(t: TestApp, staffId: number): Promise<string[]> {
  const result = await t.database.db.execute(
    `select action from audit_log where staff_id = ${Number(staffId)} order by id`,
  );
  return rowsOf<{ action: string }>(result).map((row) => row.action);
}

/** An account's balances against the sums of its ledger entries (ARCHITECTURE.md Principle 1). */
export async function booksOf(t: TestApp, userId: UserId) {
  const result = await t.database.db.execute(
    `select a.balance::text as balance, a.lock_balance::text as lock,
       coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id and e.bucket = 'balance'), 0)::text as balance_entries,
       coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id and e.bucket = 'lock'), 0)::text as lock_entries
     from trading_accounts a where a.user_id = ${Number(userId)}`,
  );
  const row = rowsOf<{ balance: string; lock: string; balance_entries: string; lock_entries: string }>(
    result,
  )[0];
  if (!row) throw new Error(`no account for user ${userId}`);
  return row;
}
