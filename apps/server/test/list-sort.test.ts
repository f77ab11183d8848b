import type { AuditEntry } from '@meridian/contract/back-office';
import type { CustomerSummary } from '@meridian/contract/customers-staff';
import type { StaffDeposit, StaffWithdrawal } from '@meridian/contract/funds-staff';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { Proposal } from '@meridian/contract/proposals-staff';
import type { ConversationSummary } from '@meridian/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call, freshEmail, PASSWORD, registerByEmail } from './accounts';
import { createTestApp, type TestApp } from './app';
import { bindTron, fund, reportDeposit, type StaffLogin, verifiedCustomer, withdraw } from './funds';
import { makeImage, upload } from './images';
import { adminCall, staffSession } from './staff';

// Server-side sorting and export of every paginated back-office list (issue 25, item 11): each list
// sorts by the keys of its whitelist in both directions, ties broken by id so that its pages neither
// repeat nor skip a row; an unknown key or order is refused with a message and writes nothing; an
// export answers the whole filtered, sorted list up to the cap, and is audited.

let t: TestApp;
let admin: StaffLogin;
let compliance: StaffLogin;
let finance: StaffLogin;
let support: StaffLogin;

type Row = { id: number };
type Value = string | number | null;
type Page<T> = { list: T[]; total: number; page: number; limit: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffSession(t, 'admin', 'Sort Admin');
  compliance = await staffSession(t, 'compliance', 'Sort Compliance');
  finance = await staffSession(t, 'finance', 'Sort Finance');
  support = await staffSession(t, 'support', 'Sort Support');
  await fixtures();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Rows for every list, with equal values on purpose (ties must still page exactly). */
async function fixtures() {
  // Deposits: three of the same number (a tie across pages), one larger; two credited.
  const customers = [];
  for (const prefix of ['sortD1', 'sortD2', 'sortD3'])
    customers.push(await registerByEmail(t, freshEmail(prefix)));
  const reported = [];
  for (const [index, number] of ['11', '11', '12', '11'].entries()) {
    const customer = customers[index % customers.length];
    if (!customer) throw new Error('no customer');
    reported.push(await reportDeposit(t, customer.token, number));
  }
  for (const deposit of reported.slice(0, 2)) {
    const approved = await adminCall(
      t,
      'POST',
      '/admin/api/funds/deposits/approve',
      { id: deposit.id },
      finance.token,
    );
    expect(approved.code).toBe(1);
  }
  // Withdrawals: two customers, equal and different numbers, one paid.
  for (const prefix of ['sortW1', 'sortW2']) {
    const customer = await verifiedCustomer(t, compliance, prefix);
    await fund(t, customer.token, finance, '500');
    const method = await bindTron(t, customer.token);
    for (const number of ['50', '50', '70']) {
      const asked = await withdraw(t, customer.token, method, number, PASSWORD);
      expect(asked.code).toBe(1);
    }
  }
  const waiting = await list<StaffWithdrawal>('funds/withdrawals', { status: 0 }, finance);
  const paid = await adminCall(
    t,
    'POST',
    '/admin/api/funds/withdrawals/pay',
    { id: waiting.list[0]?.id, payout_reference: 'sort-ref-1' },
    finance.token,
  );
  expect(paid.code).toBe(1);
  // Identity reviews: three waiting (verifiedCustomer above made two verified).
  for (const prefix of ['sortK1', 'sortK2', 'sortK3']) {
    const customer = await registerByEmail(t, freshEmail(prefix));
    expect(await submitRealName(customer.token)).toBe(1);
  }
  // Support: three conversations, two with one unread message, one with two.
  for (const [prefix, messages] of [
    ['sortS1', 1],
    ['sortS2', 2],
    ['sortS3', 1],
  ] as const) {
    const customer = await registerByEmail(t, freshEmail(prefix));
    for (let sent = 0; sent < messages; sent += 1) {
      const answer = await call(
        t,
        'POST',
        '/api/support/send',
        { text: `hello ${sent}` },
        { token: customer.token },
      );
      expect(answer.code).toBe(1);
    }
  }
  // Proposals: three money settings proposed by the admin (kinds tie).
  for (const [key, value] of [
    ['stop_out_level', '41'],
    ['withdraw_four_eyes_usd', '12345'],
    ['deposit_tolerance_percent', '2'],
  ] as const) {
    const proposed = await adminCall<{ status: string }>(
      t,
      'POST',
      '/admin/api/settings/update',
      { key, value },
      admin.token,
    );
    expect(proposed.data.status).toBe('proposed');
  }
}

async function submitRealName(token: string): Promise<number> {
  const front = await upload(t, token, await makeImage('jpeg'), { purpose: 'kyc' });
  const back = await upload(t, token, await makeImage('png'), { purpose: 'kyc', contentType: 'image/png' });
  const answer = await call(
    t,
    'POST',
    '/api/user_real/real_name',
    { name: 'Wong Siu Ming', card_id: 'C7654321', front_pic: front.data?.name, reverse_pic: back.data?.name },
    { token },
  );
  return answer.code;
}

async function list<T>(path: string, fields: Record<string, unknown>, staff: StaffLogin): Promise<Page<T>> {
  const answer = await adminCall<Page<T>>(t, 'GET', `/admin/api/${path}`, fields, staff.token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Every page of a sorted list, two rows a page, in order; each page checked against the total. */
async function everyPage<T extends Row>(path: string, fields: Record<string, unknown>, staff: StaffLogin) {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; page <= 100; page += 1) {
    const answer = await list<T>(path, { ...fields, page, limit: 2 }, staff);
    total = answer.total;
    rows.push(...answer.list);
    if (rows.length >= total || answer.list.length === 0) break;
  }
  return { rows, total };
}

async function auditCount(): Promise<number> {
  const result = await t.database.db.execute('select count(*)::int as n from audit_log');
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The list sorted by `sort`, paged two rows at a time in both directions: every row exactly once;
 * rows of equal value together and by id in the sort's direction; blanks last; with `compare`
 * (numbers, times, ranks), the values in order; and, for a text key, descending is ascending
 * reversed (apart from blanks). The text order itself is the database's collation, not asserted.
 */
async function expectSorted<T extends Row>(
  path: string,
  staff: StaffLogin,
  sort: string,
  value: (row: T) => Value,
  options: { fields?: Record<string, unknown>; ordered?: boolean } = {},
) {
  const orders = {} as Record<'asc' | 'desc', T[]>;
  for (const order of ['asc', 'desc'] as const) {
    const { rows, total } = await everyPage<T>(path, { ...options.fields, sort, order }, staff);
    expect(rows.length, `${path} ${sort} ${order}`).toBe(total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3);
    const sign = order === 'asc' ? 1 : -1;
    const values = rows.map(value);
    const firstBlank = values.findIndex((one) => one === null || one === '');
    if (firstBlank >= 0)
      expect(values.slice(firstBlank).every((one) => one === null || one === '')).toBe(true);
    for (let index = 1; index < rows.length; index += 1) {
      const [before, after] = [rows[index - 1] as T, rows[index] as T];
      const [left, right] = [value(before), value(after)];
      if (left === right) expect(Math.sign(after.id - before.id), `${sort} ${order} tie`).toBe(sign);
      else if (options.ordered && left !== null && right !== null && left !== '' && right !== '')
        expect(left < right ? sign : -sign, `${sort} ${order} at ${index}`).toBe(1);
    }
    // Equal values sit together (no value comes back after another began).
    const seen = new Set<Value>();
    values.forEach((one, index) => {
      if (index > 0 && values[index - 1] !== one)
        expect(seen.has(one), `${sort} ${order} grouped`).toBe(false);
      seen.add(one);
    });
    orders[order] = rows;
  }
  const filled = (rows: T[]) => rows.filter((row) => value(row) !== null && value(row) !== '').map(value);
  expect(filled(orders.desc)).toEqual([...filled(orders.asc)].reverse());
  // The export holds the same rows in the same order as the pages.
  const exported = await list<T>(path, { ...options.fields, sort, order: 'desc', export: 1 }, staff);
  expect(exported.list.map((row) => row.id)).toEqual(orders.desc.map((row) => row.id));
}

/** An unknown sort key or order, or a bad export flag, is refused with a message and writes nothing. */
async function expectRefused(path: string, staff: StaffLogin, fields: Record<string, unknown> = {}) {
  for (const bad of [
    { sort: 'password_hash' },
    { sort: 'id; drop table users' },
    { sort: 'ID' },
    { sort: 'id', order: 'sideways' },
    { sort: 'id', export: 'yes' },
  ]) {
    const before = await auditCount();
    const answer = await adminCall(t, 'GET', `/admin/api/${path}`, { ...fields, ...bad }, staff.token);
    expect(answer.code, `${path} ${JSON.stringify(bad)}`).toBe(0);
    expect(answer.msg).toMatch(/is not one of the allowed values/);
    expect(await auditCount()).toBe(before);
  }
  const chinese = await adminCall(
    t,
    'GET',
    `/admin/api/${path}`,
    { ...fields, sort: 'nope' },
    staff.token,
    'hk',
  );
  expect(chinese.code).toBe(0);
  expect(chinese.msg).not.toMatch(/allowed values/);
}

const time = (text: string) => new Date(text).getTime();

describe('deposits', () => {
  const path = 'funds/deposits';
  it('sorts by number (ties across pages by id), status, credit, time and customer, both ways', async () => {
    await expectSorted<StaffDeposit>(path, finance, 'number', (row) => Number(row.number), { ordered: true });
    await expectSorted<StaffDeposit>(path, finance, 'status', (row) => row.status, { ordered: true });
    await expectSorted<StaffDeposit>(
      path,
      finance,
      'amount',
      (row) => (row.status === 1 ? Number(row.amount) : null),
      {
        ordered: true,
      },
    );
    await expectSorted<StaffDeposit>(path, finance, 'created_at', (row) => row.created_time, {
      ordered: true,
    });
    await expectSorted<StaffDeposit>(path, finance, 'customer', (row) => row.user.uid);
    await expectSorted<StaffDeposit>(path, finance, 'id', (row) => row.id, { ordered: true });
  });
  it('keeps its default order without a sort (the queue oldest first), and refuses other keys', async () => {
    const queue = await list<StaffDeposit>(path, { status: 0 }, finance);
    const ids = queue.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await expectRefused(path, finance);
  });
});

describe('withdrawals', () => {
  const path = 'funds/withdrawals';
  it('sorts by number, fee, receive, status and customer, both ways', async () => {
    await expectSorted<StaffWithdrawal>(path, finance, 'number', (row) => Number(row.number), {
      ordered: true,
    });
    await expectSorted<StaffWithdrawal>(path, finance, 'fee', (row) => Number(row.fee), { ordered: true });
    await expectSorted<StaffWithdrawal>(path, finance, 'real_number', (row) => Number(row.real_number), {
      ordered: true,
    });
    await expectSorted<StaffWithdrawal>(path, finance, 'status', (row) => row.status, { ordered: true });
    await expectSorted<StaffWithdrawal>(path, finance, 'customer', (row) => row.user.uid);
    await expectSorted<StaffWithdrawal>(path, finance, 'reviewed_by', (row) => row.reviewed_by?.name ?? null);
  });
  it('refuses keys of another list', async () => {
    await expectRefused(path, finance);
    const other = await adminCall(t, 'GET', `/admin/api/${path}`, { sort: 'amount' }, finance.token);
    expect(other.code).toBe(0);
  });
});

describe('identity reviews', () => {
  const path = 'kyc/submissions';
  const fields = { state: 'all' };
  it('sorts by state, time and customer, both ways; not by the (maskable) legal name', async () => {
    await expectSorted<StaffSubmission>(path, compliance, 'state', stateRank, {
      fields,
      ordered: true,
    });
    await expectSorted<StaffSubmission>(path, compliance, 'submitted_at', (row) => time(row.submitted_at), {
      fields,
      ordered: true,
    });
    await expectSorted<StaffSubmission>(path, compliance, 'customer', (row) => row.user.uid, { fields });
    const byName = await adminCall(
      t,
      'GET',
      `/admin/api/${path}`,
      { ...fields, sort: 'name' },
      compliance.token,
    );
    expect(byName.code).toBe(0);
    await expectRefused(path, compliance, fields);
  });
});

/** The order of the states the server sorts by: pending, verified, rejected. */
function stateRank(row: StaffSubmission): number {
  return ['pending', 'verified', 'rejected'].indexOf(row.state);
}

describe('customers', () => {
  const path = 'customers/search';
  it('sorts the browsable list and a search by kind (ties), e-mail, uid and registration, both ways', async () => {
    await expectSorted<CustomerSummary>(path, support, 'is_demo', (row) => (row.is_demo ? 1 : 0), {
      ordered: true,
    });
    await expectSorted<CustomerSummary>(path, support, 'email', (row) => row.email || null);
    await expectSorted<CustomerSummary>(path, support, 'uid', (row) => row.uid);
    await expectSorted<CustomerSummary>(path, support, 'created_at', (row) => time(row.created_at), {
      ordered: true,
    });
    await expectSorted<CustomerSummary>(path, support, 'email', (row) => row.email || null, {
      fields: { q: 'sort' },
    });
    await expectRefused(path, support);
  });
});

describe('audit log', () => {
  const path = 'audit';
  it('sorts by time, action, staff and target, both ways', async () => {
    await expectSorted<AuditEntry>(path, admin, 'at', (row) => time(row.at), {
      ordered: true,
      fields: { kind: 'change' },
    });
    await expectSorted<AuditEntry>(path, admin, 'action', (row) => row.action, {
      fields: { kind: 'change' },
    });
    await expectSorted<AuditEntry>(path, admin, 'staff', (row) => row.staff?.name ?? null, {
      fields: { kind: 'change' },
    });
    await expectRefused(path, admin);
  });
});

describe('proposals', () => {
  const path = 'proposals/list';
  it('sorts by kind (ties), state, proposer and time, both ways', async () => {
    await expectSorted<Proposal>(path, admin, 'kind', (row) => row.kind);
    await expectSorted<Proposal>(path, admin, 'created_at', (row) => time(row.proposed_at), {
      ordered: true,
    });
    await expectSorted<Proposal>(path, admin, 'expires_at', (row) => time(row.expires_at), { ordered: true });
    await expectRefused(path, admin);
  });
});

describe('support conversations', () => {
  const path = 'support/conversations';
  const fields = { status: 'all' };
  it('sorts by unread (ties), latest message and customer, both ways (it had no sort before)', async () => {
    await expectSorted<ConversationSummary>(path, support, 'unread', (row) => row.unread, {
      fields,
      ordered: true,
    });
    await expectSorted<ConversationSummary>(
      path,
      support,
      'last_message_at',
      (row) => time(row.last_message_at),
      {
        fields,
        ordered: true,
      },
    );
    await expectSorted<ConversationSummary>(path, support, 'customer', (row) => row.user.uid, { fields });
    await expectRefused(path, support, fields);
  });
});

describe('export', () => {
  async function exportsOf(staffId: number) {
    const result = await t.database.db.execute(
      `select target, details from audit_log where staff_id = ${Number(staffId)} and action = 'staff.list_export' order by id`,
    );
    return rowsOf<{ target: string | null; details: Record<string, unknown> }>(result);
  }

  it('answers the whole filtered list (not a page) and audits the export with its filters and sort', async () => {
    const pages = await everyPage<StaffDeposit>(
      'funds/deposits',
      { status: 1, sort: 'amount', order: 'asc' },
      finance,
    );
    const before = await exportsOf(finance.id);
    const exported = await list<StaffDeposit>(
      'funds/deposits',
      { status: 1, sort: 'amount', order: 'asc', export: 1, page: 3, limit: 1 },
      finance,
    );
    expect(exported.list.map((row) => row.id)).toEqual(pages.rows.map((row) => row.id));
    expect(exported).toMatchObject({ total: pages.total, page: 1, limit: LIMITS.listExportRowsMax });
    const after = await exportsOf(finance.id);
    expect(after.slice(before.length)).toEqual([
      {
        target: null,
        details: {
          list: 'deposits',
          status: 1,
          type: null,
          sort: 'amount',
          order: 'asc',
          rows: pages.total,
          total: pages.total,
        },
      },
    ]);
    // The export is not also counted as an ordinary read of a page.
    const reads = await t.database.db.execute(
      `select count(*)::int as n from audit_log where staff_id = ${Number(finance.id)} and action = 'funds.deposits_read' and details ->> 'rows' is not null`,
    );
    expect(Number(rowsOf<{ n: number }>(reads)[0]?.n)).toBe(0);
  });

  it(`stops at ${LIMITS.listExportRowsMax} rows and says so (the total is larger); the audit row records both`, async () => {
    await t.database.db.execute(
      `insert into audit_log (staff_id, action, target, details, created_at)
       select null, 'socket.subscribe', 'bulk:' || n, '{}'::jsonb, now() from generate_series(1, ${LIMITS.listExportRowsMax + 5}) as n`,
    );
    const exported = await list<AuditEntry>('audit', { action: 'socket.', export: 1 }, admin);
    expect(exported.list.length).toBe(LIMITS.listExportRowsMax);
    expect(exported.total).toBeGreaterThanOrEqual(LIMITS.listExportRowsMax + 5);
    const ids = exported.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [entry] = (await exportsOf(admin.id)).slice(-1);
    expect(entry?.details).toMatchObject({
      list: 'audit',
      action: 'socket.',
      rows: LIMITS.listExportRowsMax,
      total: exported.total,
    });
  });

  it('exports what the role may see: identity reviews in full for compliance, customers without names for support', async () => {
    const reviews = await list<StaffSubmission>('kyc/submissions', { state: 'all', export: 1 }, compliance);
    expect(reviews.list.some((row) => row.name === 'Wong Siu Ming' && row.card_id === 'C7654321')).toBe(true);
    const customers = await list<CustomerSummary>('customers/search', { export: 1 }, support);
    expect(customers.list.length).toBe(customers.total);
    const text = JSON.stringify(customers);
    expect(text).not.toContain('Wong Siu Ming');
    expect(text).not.toContain('C7654321');
    expect((await exportsOf(support.id)).at(-1)?.details).toMatchObject({
      list: 'customers',
      rows: customers.total,
    });
  });

  it('exports the support conversations and the proposals, audited like the rest', async () => {
    const conversations = await list<ConversationSummary>(
      'support/conversations',
      { status: 'all', sort: 'unread', order: 'desc', export: 1 },
      support,
    );
    expect(conversations.list.length).toBe(conversations.total);
    expect(conversations.list[0]?.unread).toBe(2);
    expect((await exportsOf(support.id)).at(-1)?.details).toMatchObject({
      list: 'conversations',
      sort: 'unread',
      order: 'desc',
      status: 'all',
    });
    const proposals = await list<Proposal>('proposals/list', { export: 1 }, admin);
    expect(proposals.list.length).toBe(proposals.total);
    expect((await exportsOf(admin.id)).at(-1)?.details).toMatchObject({ list: 'proposals', state: 'all' });
  });
});
