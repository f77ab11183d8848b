import type { AuditEntry } from '@meridian/contract/back-office';
import type { StaffNewsStory, StaffNewsVersion } from '@meridian/contract/content-staff';
import type { CustomerLedgerPage, CustomerSummary } from '@meridian/contract/customers-staff';
import type { StaffDeposit, StaffWithdrawal } from '@meridian/contract/funds-staff';
import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { OutboxEntry, OutboxPage } from '@meridian/contract/outbox-staff';
import type { Proposal } from '@meridian/contract/proposals-staff';
import type { ConversationSummary } from '@meridian/contract/staff';
import type { Order } from '@meridian/contract/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call, freshEmail, PASSWORD, registerByEmail } from './accounts';
import { bindTron, fund, reportDeposit, type StaffLogin, verifiedCustomer, withdraw } from './funds';
import { sendRealName } from './real-name';
import { adminCall, staffSession } from './staff';
import {
  createTradingApp,
  EURUSD,
  EURUSD_BUY,
  moveTo,
  realTrader,
  submit,
  type TradingApp,
  trade,
} from './trading';

// Server-side sorting and export of every paginated back-office list: each list
// sorts by the keys of its whitelist in both directions, ties broken by id so that its pages neither
// repeat nor skip a row; an unknown key or order is refused with a message and writes nothing; an
// export answers the whole filtered, sorted list up to the cap, and is audited.

let t: TradingApp;
let admin: StaffLogin;
let compliance: StaffLogin;
let finance: StaffLogin;
let support: StaffLogin;

type Row = object;
type LedgerEntry = CustomerLedgerPage['list'][number];
/** The customer whose ledger (a deposit, three withdrawals) and orders (every tab) the lists sort. */
let ledgerCustomer: number;
let trader: number;
type Value = string | number | null;
type Page<T> = { list: T[]; total: number; page: number; limit: number };

beforeAll(async () => {
  // The trading app (a hand-moved feed): the customer's orders tab needs quotes that hold still.
  t = await createTradingApp();
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
    ledgerCustomer ??= customer.user.id;
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
  await orderFixtures();
  await storyFixtures();
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

/** A trader with three open positions, three pending orders and three closed ones (lots tie). */
async function orderFixtures() {
  await moveTo(t, EURUSD, '1.08500');
  const owner = await realTrader(t, '10000');
  trader = owner.userId;
  const opened: Order[] = [];
  for (const [type, cont] of [
    [1, '0.1'],
    [2, '0.1'],
    [1, '0.2'],
    [1, '0.1'],
    [2, '0.3'],
    [1, '0.1'],
  ] as const) {
    const answer = await submit(t, owner, { ...EURUSD_BUY, type, cont });
    expect(answer.code, answer.msg).toBe(1);
    opened.push(answer.data);
  }
  await moveTo(t, EURUSD, '1.08650');
  for (const order of opened.slice(0, 3))
    expect((await trade(t, owner, 'close', { id: order.Id })).code).toBe(1);
  for (const target of ['1.08000', '1.07000', '1.08000']) {
    const answer = await submit(t, owner, { ...EURUSD_BUY, status: 0, target_price: target });
    expect(answer.code, answer.msg).toBe(1);
  }
}

/** Three news stories, two of the same title, one with a second language. */
async function storyFixtures() {
  const saved: StaffNewsVersion[] = [];
  for (const title of ['Sort Beta', 'Sort Alpha', 'Sort Alpha']) {
    const answer = await adminCall<StaffNewsVersion>(
      t,
      'POST',
      '/admin/api/content/news/save',
      {
        language: 'en',
        category_id: 1,
        title,
        desc: '',
        logo: '/api/content/art/markets.svg',
        content: '<p>x</p>',
      },
      admin.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    saved.push(answer.data);
  }
  const translated = await adminCall(
    t,
    'POST',
    '/admin/api/content/news/save',
    {
      slug: saved[0]?.slug,
      language: 'jp',
      category_id: 1,
      title: 'Sort Beta JP',
      desc: '',
      logo: '/api/content/art/markets.svg',
      content: '<p>x</p>',
    },
    admin.token,
  );
  expect(translated.code, translated.msg).toBe(1);
}

async function submitRealName(token: string): Promise<number> {
  return (await sendRealName(t, token, { name: 'Wong Siu Ming', card_id: 'C7654321' })).code;
}

async function list<T>(path: string, fields: Record<string, unknown>, staff: StaffLogin): Promise<Page<T>> {
  const answer = await adminCall<Page<T>>(t, 'GET', `/admin/api/${path}`, fields, staff.token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Every page of a sorted list, two rows a page, in order; each page checked against the total. */
async function everyPage<T>(path: string, fields: Record<string, unknown>, staff: StaffLogin) {
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
  options: {
    fields?: Record<string, unknown>;
    ordered?: boolean;
    /** The row's tie-break (its id; a story's slug). */
    idOf?: (row: T) => number | string;
  } = {},
) {
  const idOf = options.idOf ?? ((row: T) => (row as { id: number }).id);
  const orders = {} as Record<'asc' | 'desc', T[]>;
  for (const order of ['asc', 'desc'] as const) {
    const { rows, total } = await everyPage<T>(path, { ...options.fields, sort, order }, staff);
    expect(rows.length, `${path} ${sort} ${order}`).toBe(total);
    expect(new Set(rows.map(idOf)).size).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3);
    const sign = order === 'asc' ? 1 : -1;
    const values = rows.map(value);
    const firstBlank = values.findIndex((one) => one === null || one === '');
    if (firstBlank >= 0)
      expect(values.slice(firstBlank).every((one) => one === null || one === '')).toBe(true);
    for (let index = 1; index < rows.length; index += 1) {
      const [before, after] = [rows[index - 1] as T, rows[index] as T];
      const [left, right] = [value(before), value(after)];
      if (left === right) expect(idOf(after) > idOf(before) ? 1 : -1, `${sort} ${order} tie`).toBe(sign);
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
  expect(exported.list.map(idOf)).toEqual(orders.desc.map(idOf));
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

describe("a customer's ledger tab", () => {
  const path = 'customers/ledger';
  it('sorts by amount (ties), balance after, kind, time and order, both ways, and keeps newest first without a sort', async () => {
    const fields = { id: ledgerCustomer };
    await expectSorted<LedgerEntry>(path, support, 'amount', (row) => Number(row.amount), {
      fields,
      ordered: true,
    });
    await expectSorted<LedgerEntry>(path, support, 'balance_after', (row) => Number(row.balance_after), {
      fields,
      ordered: true,
    });
    await expectSorted<LedgerEntry>(path, support, 'kind', (row) => row.kind, { fields });
    await expectSorted<LedgerEntry>(path, support, 'created_at', (row) => time(row.created_at), {
      fields,
      ordered: true,
    });
    await expectSorted<LedgerEntry>(path, support, 'order_id', (row) => row.order_id, { fields });
    const plain = await list<LedgerEntry>(path, fields, support);
    const ids = plain.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The memo is in the reader's language: no key.
    expect(
      (await adminCall(t, 'GET', `/admin/api/${path}`, { ...fields, sort: 'memo' }, support.token)).code,
    ).toBe(0);
    await expectRefused(path, support, fields);
  });
});

describe("a customer's orders tab", () => {
  const path = 'customers/orders';
  it('sorts each tab (live ones after marking, the history in the database) by lots (ties), side, profit, prices and time, both ways', async () => {
    for (const status of ['holding', 'pending', 'history'] as const) {
      const fields = { id: trader, status };
      const options = { fields, idOf: (row: Order) => row.Id };
      await expectSorted<Order>(path, support, 'lots', (row) => Number(row.Quantity), {
        ...options,
        ordered: true,
      });
      await expectSorted<Order>(path, support, 'side', (row) => row.OrderType, { ...options, ordered: true });
      await expectSorted<Order>(path, support, 'profit', (row) => Number(row.FactProfits), {
        ...options,
        ordered: true,
      });
      await expectSorted<Order>(path, support, 'open_price', (row) => Number(row.Price), {
        ...options,
        ordered: true,
      });
      await expectSorted<Order>(path, support, 'price', (row) => Number(row.UpdatePrice), {
        ...options,
        ordered: true,
      });
      await expectSorted<Order>(path, support, 'margin', (row) => Number(row.CautionMoney), {
        ...options,
        ordered: true,
      });
      await expectSorted<Order>(path, support, 'instrument', (row) => row.ForexTradeLists.ShowCode, options);
      await expectSorted<Order>(
        path,
        support,
        'time',
        (row) => row.CloseTime || row.OpenTime || row.CreateTime,
        { ...options, ordered: true },
      );
      await expectSorted<Order>(path, support, 'id', (row) => row.Id, { ...options, ordered: true });
    }
    // The live profit differs between positions (sells and buys after a move): the sort is by it, not by id.
    const byProfit = await list<Order>(
      path,
      { id: trader, status: 'holding', sort: 'profit', order: 'desc' },
      support,
    );
    expect(new Set(byProfit.list.map((row) => row.FactProfits)).size).toBeGreaterThan(1);
    await expectRefused(path, support, { id: trader, status: 'history' });
  });
});

describe('news and announcements', () => {
  it('sorts the stories by title (ties by name), languages, date and name, both ways', async () => {
    const path = 'content/news';
    const idOf = (row: StaffNewsStory) => row.slug;
    await expectSorted<StaffNewsStory>(path, admin, 'title', mainTitle, { idOf });
    await expectSorted<StaffNewsStory>(path, admin, 'languages', (row) => row.versions.length, {
      idOf,
      ordered: true,
    });
    await expectSorted<StaffNewsStory>(path, admin, 'published_at', latestDate, { idOf, ordered: true });
    await expectSorted<StaffNewsStory>(path, admin, 'slug', (row) => row.slug, { idOf });
    const alphas = await list<StaffNewsStory>(path, { sort: 'title', order: 'asc', export: 1 }, admin);
    const ties = alphas.list.filter((row) => mainTitle(row) === 'Sort Alpha').map(idOf);
    expect(ties).toHaveLength(2);
    expect(ties).toEqual([...ties].sort());
    // Every collation agrees on this much: Alpha before Beta.
    const titles = alphas.list.map(mainTitle);
    expect(titles.indexOf('Sort Alpha')).toBeLessThan(titles.indexOf('Sort Beta'));
    await expectRefused(path, admin);
    await expectRefused('content/announcements', admin);
  });
});

/** A story's title as the list shows it: the default version's, else English, else the first. */
function mainTitle(story: StaffNewsStory): string {
  const main =
    story.versions.find((version) => version.is_default) ??
    story.versions.find((version) => version.language === 'en') ??
    story.versions[0];
  return main?.title ?? '';
}

function latestDate(story: StaffNewsStory): number {
  return Math.max(...story.versions.map((version) => time(version.published_at)));
}

describe('outbox', () => {
  const fields = { to: 'sort' };

  /** Every page (two rows each, until has_more is false), in order. */
  async function outboxPages(extra: Record<string, unknown>) {
    const rows: OutboxEntry[] = [];
    for (let page = 1; page <= 100; page += 1) {
      const answer = await list<OutboxEntry>('outbox', { ...fields, ...extra, page, limit: 2 }, admin);
      rows.push(...answer.list);
      if (!(answer as unknown as OutboxPage).has_more) break;
    }
    return rows;
  }

  it('sorts by time, address, channel, delivery, tries and sending time, both ways; pages match the export', async () => {
    const keys: [string, (row: OutboxEntry) => Value, boolean][] = [
      ['at', (row) => time(row.at), true],
      ['attempts', (row) => row.attempts, true],
      ['sent_at', (row) => (row.sent_at === '' ? null : time(row.sent_at)), true],
      ['to', (row) => row.to, false],
      ['channel', (row) => row.channel, false],
      ['status', (row) => ['pending', 'sending', 'sent', 'failed'].indexOf(row.status), true],
    ];
    for (const [sort, value, ordered] of keys) {
      const byOrder = {} as Record<'asc' | 'desc', OutboxEntry[]>;
      for (const order of ['asc', 'desc'] as const) {
        const rows = await outboxPages({ sort, order });
        expect(rows.length, `outbox ${sort}`).toBeGreaterThanOrEqual(3);
        expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
        const exported = (await list<OutboxEntry>(
          'outbox',
          { ...fields, sort, order, export: 1 },
          admin,
        )) as unknown as OutboxPage;
        expect(exported.list.map((row) => row.id)).toEqual(rows.map((row) => row.id));
        expect(exported.total).toBe(rows.length);
        const values = rows.map(value);
        const firstBlank = values.indexOf(null);
        if (firstBlank >= 0) expect(values.slice(firstBlank).every((one) => one === null)).toBe(true);
        if (ordered)
          for (let index = 1; index < values.length; index += 1) {
            const [left, right] = [values[index - 1] ?? null, values[index] ?? null];
            if (left !== null && right !== null && left !== right)
              expect(left < right ? 1 : -1, `outbox ${sort} ${order} at ${index}`).toBe(
                order === 'asc' ? 1 : -1,
              );
          }
        if (sort === 'to') {
          // The fixtures' addresses begin sortd, sortk, sorts, sortw: every collation orders those letters alike.
          const prefixes = rows.map((row) => row.to.slice(0, 5));
          expect(prefixes).toEqual(
            [...prefixes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (order === 'asc' ? 1 : -1)),
          );
        }
        byOrder[order] = rows;
      }
      const filled = (rows: OutboxEntry[]) => rows.map(value).filter((one) => one !== null);
      expect(filled(byOrder.desc)).toEqual([...filled(byOrder.asc)].reverse());
    }
    const plain = (await list<OutboxEntry>(
      'outbox',
      { ...fields, limit: 50 },
      admin,
    )) as unknown as OutboxPage;
    expect(plain.total).toBeUndefined();
    const times = plain.list.map((row) => time(row.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expectRefused('outbox', admin, fields);
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

  it("exports a customer's ledger and orders, the stories and the outbox whole, each audited as an export", async () => {
    const ledger = await list<LedgerEntry>(
      'customers/ledger',
      { id: ledgerCustomer, export: 1, limit: 1 },
      support,
    );
    expect(ledger.list.length).toBe(ledger.total);
    expect(ledger).toMatchObject({ page: 1, limit: LIMITS.listExportRowsMax });
    expect((await exportsOf(support.id)).at(-1)).toEqual({
      target: `user:${ledgerCustomer}`,
      details: expect.objectContaining({ list: 'customer_ledger', rows: ledger.total, total: ledger.total }),
    });
    const history = await list<Order>(
      'customers/orders',
      { id: trader, status: 'history', sort: 'lots', order: 'desc', export: 1 },
      support,
    );
    expect(history.list.length).toBe(3);
    expect((await exportsOf(support.id)).at(-1)?.details).toMatchObject({
      list: 'customer_orders',
      status: 'history',
      sort: 'lots',
      order: 'desc',
      rows: 3,
      total: 3,
    });
    const news = await list<StaffNewsStory>('content/news', { export: 1 }, admin);
    expect(news.list.length).toBe(news.total);
    expect((await exportsOf(admin.id)).at(-1)?.details).toMatchObject({ list: 'news', rows: news.total });
    const outbox = (await list<OutboxEntry>(
      'outbox',
      { to: 'sort', export: 1 },
      admin,
    )) as unknown as OutboxPage;
    expect(outbox.list.length).toBe(outbox.total);
    expect((await exportsOf(admin.id)).at(-1)?.details).toMatchObject({
      list: 'outbox',
      to: 'sort',
      rows: outbox.total,
    });
    // A page read of the stories is still not audited; the ledger's page read keeps its own action.
    const before = await auditCount();
    await list<StaffNewsStory>('content/news', {}, admin);
    expect(await auditCount()).toBe(before);
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
