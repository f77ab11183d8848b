import type { SessionData } from '@meridian/contract/auth';
import type {
  CustomerDetail,
  CustomerLedgerPage,
  CustomerLoginState,
  CustomerNote,
  CustomerNoteList,
  CustomerOrdersPage,
  CustomerSearchPage,
} from '@meridian/contract/customers-staff';
import { asUserId } from '@meridian/domain/ids';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  freshEmail,
  freshMobile,
  HONG_KONG,
  login,
  registerByEmail,
  registerByMobile,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { fund, type StaffLogin, verifiedCustomer } from '../../../test/funds';
import { sampleTrade } from '../../../test/pushes';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { translate } from '../../http/i18n';

const t = useTestApp();
let compliance: StaffLogin;
let support: StaffLogin;
let finance: StaffLogin;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance', 'Cora Compliance');
  support = await staffSession(t, 'support', 'Sam Support');
  finance = await staffSession(t, 'finance', 'Fin Clerk');
});

async function scalar(sql: string): Promise<number> {
  const result = await t.database.db.execute(sql);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** What the audit log and the customer's rows hold: a refusal must leave all of them as they were. */
async function writes(userId: number) {
  return {
    audit: await scalar('select count(*)::int as n from audit_log'),
    notes: await scalar(`select count(*)::int as n from customer_notes where user_id = ${Number(userId)}`),
    liveSessions: await scalar(
      `select count(*)::int as n from sessions where user_id = ${Number(userId)} and revoked_at is null`,
    ),
    disabled: await scalar(
      `select count(*)::int as n from users where id = ${Number(userId)} and login_disabled_at is not null`,
    ),
  };
}

async function auditOf(staffId: number, action: string) {
  const result = await t.database.db.execute(
    `select target, details from audit_log where staff_id = ${Number(staffId)} and action = '${action.replace(/'/g, '')}' order by id`,
  );
  return rowsOf<{ target: string | null; details: Record<string, unknown> }>(result);
}

const get = <T>(url: string, fields: Record<string, unknown>, staff: StaffLogin = compliance) =>
  adminCall<T>(t, 'GET', `/admin/api/customers/${url}`, fields, staff.token);
const post = <T>(url: string, fields: Record<string, unknown>, staff: StaffLogin = compliance) =>
  adminCall<T>(t, 'POST', `/admin/api/customers/${url}`, fields, staff.token);

const profile = (token: string) => call(t, 'GET', '/api/user/info', {}, { token });
const UNKNOWN_ID = 2_000_000_000;

describe('customer search', () => {
  it('finds a customer by part of the uid or of the e-mail in any case; audits the search', async () => {
    const user = await registerByEmail(t, freshEmail('Search'));
    const byEmail = await get<CustomerSearchPage>('search', { q: `  ${user.user.email.toUpperCase()} ` });
    expect(byEmail.code).toBe(1);
    expect(byEmail.data.total).toBe(1);
    expect(byEmail.data.list[0]).toMatchObject({
      id: user.user.id,
      uid: user.user.uid,
      email: user.user.email,
      is_demo: false,
      login_disabled_at: '',
    });
    const local = user.user.email.split('@')[0] ?? '';
    const byPart = await get<CustomerSearchPage>('search', { q: local.slice(2).toUpperCase() });
    expect(byPart.data.list.map((row) => row.id)).toEqual([user.user.id]);
    const byUid = await get<CustomerSearchPage>('search', { q: user.user.uid }, support);
    expect(byUid.data.list.map((row) => row.id)).toEqual([user.user.id]);
    const byUidPart = await get<CustomerSearchPage>('search', { q: user.user.uid.slice(1, 7), limit: 50 });
    expect(byUidPart.data.list.map((row) => row.id)).toContain(user.user.id);
    const searches = await auditOf(support.id, 'customer.search');
    expect(searches.at(-1)?.details).toMatchObject({ q: user.user.uid, found: 1 });
  });

  it('finds a customer by part of a real name or trader name, any case', async () => {
    const customer = await verifiedCustomer(t, compliance, 'named');
    const unique = `Zebedee${customer.user.id}Quill`;
    await t.database.db.execute(
      `update real_name_submissions set name = 'Chan ${unique} Tai' where user_id = ${Number(customer.user.id)}`,
    );
    for (const q of [unique, unique.toLowerCase().slice(3), `chan ${unique.toUpperCase()}`]) {
      const answer = await get<CustomerSearchPage>('search', { q }, support);
      expect(
        answer.data.list.map((row) => row.id),
        q,
      ).toEqual([customer.user.id]);
    }
  });

  it('finds a customer by part of the mobile number, with or without the calling code', async () => {
    const mobile = freshMobile();
    const user = await registerByMobile(t, HONG_KONG, mobile);
    for (const q of [
      mobile,
      `+852 ${mobile.slice(0, 4)} ${mobile.slice(4)}`,
      `852-${mobile}`,
      mobile.slice(1),
    ]) {
      const answer = await get<CustomerSearchPage>('search', { q });
      expect(
        answer.data.list.map((row) => row.id),
        q,
      ).toEqual([user.user.id]);
      expect(answer.data.list[0]?.mobile).toBe(`+852 ${mobile}`);
    }
  });

  it('lists every customer newest first without a search, a page at a time', async () => {
    const older = await registerByEmail(t, freshEmail('BrowseOld'));
    const newer = await registerByEmail(t, freshEmail('BrowseNew'));
    const first = await get<CustomerSearchPage>('search', { page: 1, limit: 2 });
    expect(first.code).toBe(1);
    expect(first.data.list.map((row) => row.id)).toEqual([newer.user.id, older.user.id]);
    expect(first.data.total).toBeGreaterThanOrEqual(2);
    const blank = await get<CustomerSearchPage>('search', { q: '   ', limit: 1 });
    expect(blank.data.list.map((row) => row.id)).toEqual([newer.user.id]);
    const ids = (await get<CustomerSearchPage>('search', { limit: 50 })).data.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('answers nothing when nothing matches, and takes LIKE characters literally', async () => {
    for (const q of ["'; drop table users; --", 'nobody-by-this-name-at-all', '%', '_', '\\']) {
      const answer = await get<CustomerSearchPage>('search', { q });
      expect(answer, q).toMatchObject({ code: 1, data: { list: [], total: 0 } });
    }
  });

  it('refuses a too long query, control characters and bad pages, and writes nothing', async () => {
    const before = await scalar('select count(*)::int as n from audit_log');
    expect((await get('search', { q: 'x'.repeat(121) })).code).toBe(0);
    expect((await get('search', { q: 'a\u0000b' })).code).toBe(0);
    expect((await get('search', { q: 'a', page: 0 })).code).toBe(0);
    expect((await get('search', { q: 'a', limit: 100_000 })).code).toBe(0);
    expect(await scalar('select count(*)::int as n from audit_log')).toBe(before);
  });

  it('is refused to a role without customers.read, and to no session', async () => {
    const content = await staffSession(t, 'content', 'Con Tent');
    expect((await get('search', { q: 'a' }, content)).code).toBe(0);
    const anonymous = await adminCall(t, 'GET', '/admin/api/customers/search', { q: 'a' });
    expect(anonymous.code).toBe(999);
  });
});

describe("a customer's page", () => {
  let customer: SessionData;

  beforeAll(async () => {
    customer = await verifiedCustomer(t, compliance, 'page');
    await fund(t, customer.token, finance, '250');
  });

  it('shows identity, the account and its buckets, the identity record, follows and live sessions; audited as customer.view', async () => {
    const answer = await get<CustomerDetail>('detail', { id: customer.user.id });
    expect(answer.code).toBe(1);
    expect(answer.data.customer).toMatchObject({
      id: customer.user.id,
      email: customer.user.email,
      language: 'en',
    });
    expect(answer.data.accounts).toHaveLength(1);
    expect(answer.data.accounts[0]).toMatchObject({
      mode: 'real',
      currency: 'USDT',
      balance: '250',
      lock_balance: '0',
      margin: '0',
    });
    expect(answer.data.identity).toMatchObject({
      state: 'verified',
      name: 'Chan Tai Man',
      card_id: 'A1234567',
    });
    expect(answer.data.follows).toEqual([]);
    expect(answer.data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(answer.data.sessions[0]?.address).not.toBe('');
    const views = await auditOf(compliance.id, 'customer.view');
    expect(views.at(-1)?.target).toBe(`user:${customer.user.id}`);
  });

  it('pages the ledger and the orders, both audited', async () => {
    const ledger = await get<CustomerLedgerPage>('ledger', { id: customer.user.id });
    expect(ledger.code).toBe(1);
    expect(ledger.data.total).toBe(1);
    expect(ledger.data.list[0]).toMatchObject({ amount: '250', balance_after: '250', kind: 'deposit' });
    expect(ledger.data.list[0]?.memo).not.toBe('');
    const same = await get<CustomerLedgerPage>('ledger', {
      id: customer.user.id,
      account_id: ledger.data.account_id,
      page: 2,
    });
    expect(same.data).toMatchObject({ list: [], total: 1, page: 2 });
    const orders = await get<CustomerOrdersPage>('orders', { id: customer.user.id, status: 'history' });
    expect(orders).toMatchObject({ code: 1, data: { list: [], total: 0 } });
    expect((await auditOf(compliance.id, 'customer.ledger_read')).length).toBeGreaterThanOrEqual(2);
    expect((await auditOf(compliance.id, 'customer.orders_read')).at(-1)?.target).toBe(
      `user:${customer.user.id}`,
    );
  });

  it("refuses another customer's account, an unknown customer and bad ids, writing nothing", async () => {
    const other = await registerByEmail(t, freshEmail('other'));
    const otherAccount = (await get<CustomerLedgerPage>('ledger', { id: other.user.id })).data.account_id;
    const before = await writes(customer.user.id);
    expect(await get('ledger', { id: customer.user.id, account_id: otherAccount })).toMatchObject({
      code: 0,
    });
    expect(await get('detail', { id: UNKNOWN_ID })).toEqual({
      code: 0,
      msg: 'This customer does not exist.',
      data: null,
    });
    expect((await get('orders', { id: UNKNOWN_ID })).code).toBe(0);
    expect((await get('notes', { id: UNKNOWN_ID })).code).toBe(0);
    expect((await get('detail', { id: 'abc' })).code).toBe(0);
    expect((await get('detail', { id: -1 })).code).toBe(0);
    expect((await get('orders', { id: customer.user.id, status: 'everything' })).code).toBe(0);
    expect(await writes(customer.user.id)).toEqual(before);
  });
});

describe('notes', () => {
  it('adds a note with its author, lists it newest first, audited', async () => {
    const user = await registerByEmail(t, freshEmail('note'));
    const added = await post<CustomerNote>('notes/add', {
      id: user.user.id,
      body: '  Called about a late deposit.\nWill call back.  ',
    });
    expect(added).toMatchObject({
      code: 1,
      data: {
        body: 'Called about a late deposit.\nWill call back.',
        staff: { id: compliance.id, name: 'Cora Compliance' },
      },
    });
    await post('notes/add', { id: user.user.id, body: 'Second note' }, support);
    const list = await get<CustomerNoteList>('notes', { id: user.user.id }, finance);
    expect(list.data.list.map((note) => note.body)).toEqual([
      'Second note',
      'Called about a late deposit.\nWill call back.',
    ]);
    expect(list.data.list[0]?.staff.name).toBe('Sam Support');
    const audited = await auditOf(compliance.id, 'customer.note_added');
    expect(audited.at(-1)).toMatchObject({
      target: `user:${user.user.id}`,
      details: { noteId: added.data.id, after: { body: 'Called about a late deposit.\nWill call back.' } },
    });
    expect((await auditOf(finance.id, 'customer.notes_read')).length).toBe(1);
  });

  it('refuses an empty, too long or unknown-customer note and writes nothing', async () => {
    const user = await registerByEmail(t, freshEmail('note-bad'));
    const before = await writes(user.user.id);
    expect((await post('notes/add', { id: user.user.id, body: '   ' })).code).toBe(0);
    expect((await post('notes/add', { id: user.user.id, body: 'x'.repeat(2001) })).code).toBe(0);
    expect((await post('notes/add', { id: user.user.id, body: 'bell\u0007' })).code).toBe(0);
    expect(await post('notes/add', { id: UNKNOWN_ID, body: 'hello' })).toMatchObject({
      code: 0,
      msg: 'This customer does not exist.',
    });
    expect(await writes(user.user.id)).toEqual(before);
  });
});

describe('strict ids: an id is a whole number in range, never a flag, a list, an object or an exponent', () => {
  it('refuses an id sent as true, an array, an object or an exponent, writing no note anywhere', async () => {
    const notesBefore = await scalar('select count(*)::int as n from customer_notes');
    const auditBefore = await scalar('select count(*)::int as n from audit_log');
    for (const id of [true, [5], [1], {}, '1e3', -1, 1.5, 2_147_483_648]) {
      const answer = await post('notes/add', { id, body: 'written on the wrong customer' });
      expect({ id, code: answer.code, data: answer.data }).toEqual({ id, code: 0, data: null });
      expect(answer.msg, JSON.stringify(id)).toMatch(
        /^Item (must be a positive whole number|is too small|is too large)/,
      );
    }
    const detail = await get('detail', { id: 'true' });
    expect(detail.code).toBe(0);
    expect(await scalar('select count(*)::int as n from customer_notes')).toBe(notesBefore);
    expect(await scalar('select count(*)::int as n from audit_log')).toBe(auditBefore);
  });
});

describe('login actions', () => {
  it('disables a login: every session ends (999), logins are refused with the message, audited with before and after', async () => {
    const user = await registerByEmail(t, freshEmail('disable'));
    const second = await login(t, user.user.email);
    expect(second.code).toBe(1);
    expect((await profile(user.token)).code).toBe(1);

    const ended: unknown[] = [];
    const stopListening = t.app.events.on('sessions.ended', (payload) => ended.push(payload));
    const disabled = await post<CustomerLoginState>('disable', {
      id: user.user.id,
      reason: 'Fraud report #42',
    });
    stopListening();
    // The auth area's path: the customer's sockets are told, on every node.
    expect(ended).toEqual([{ userId: user.user.id, keepSessionId: null }]);
    expect(disabled.code).toBe(1);
    expect(disabled.data).toMatchObject({ id: user.user.id, sessions_ended: 2 });
    expect(disabled.data.login_disabled_at).not.toBe('');

    expect((await profile(user.token)).code).toBe(999);
    expect((await profile(second.data.token)).code).toBe(999);
    expect(await login(t, user.user.email)).toEqual({
      code: 0,
      msg: 'Sign-in to this account has been disabled. Please contact customer service.',
      data: null,
    });
    // A wrong password still says only that the password is wrong.
    expect((await login(t, user.user.email, 'Wrong-password9')).msg).toBe(
      'The account or password is incorrect.',
    );

    const entry = (await auditOf(compliance.id, 'customer.login_disabled')).at(-1);
    expect(entry).toMatchObject({
      target: `user:${user.user.id}`,
      details: {
        reason: 'Fraud report #42',
        before: { loginDisabledAt: null, liveSessions: 2 },
        after: { loginDisabledAt: disabled.data.login_disabled_at, liveSessions: 0 },
      },
    });
    const found = await get<CustomerSearchPage>('search', { q: user.user.email });
    expect(found.data.list[0]?.login_disabled_at).toBe(disabled.data.login_disabled_at);
    const detail = await get<CustomerDetail>('detail', { id: user.user.id });
    expect(detail.data.sessions).toEqual([]);

    // Disabling twice is refused and writes nothing.
    const before = await writes(user.user.id);
    expect(await post('disable', { id: user.user.id, reason: 'again' })).toMatchObject({
      code: 0,
      msg: "This customer's login is already disabled.",
    });
    expect(await writes(user.user.id)).toEqual(before);

    // Enabling lets the customer log in again; enabling twice is refused.
    const enabled = await post<CustomerLoginState>('enable', { id: user.user.id });
    expect(enabled).toMatchObject({ code: 1, data: { login_disabled_at: '', sessions_ended: 0 } });
    expect((await auditOf(compliance.id, 'customer.login_enabled')).at(-1)?.details).toMatchObject({
      before: { loginDisabledAt: disabled.data.login_disabled_at },
      after: { loginDisabledAt: null },
    });
    const again = await login(t, user.user.email);
    expect(again.code).toBe(1);
    expect((await profile(again.data.token)).code).toBe(1);
    expect(await post('enable', { id: user.user.id })).toMatchObject({
      code: 0,
      msg: "This customer's login is not disabled.",
    });
  });

  it("refuses a disabled demo device's login", async () => {
    const demoId = `device-${Math.random().toString(36).slice(2, 12)}`;
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', { demo_id: demoId });
    expect(demo.code).toBe(1);
    expect((await post('disable', { id: demo.data.user.id, reason: 'Abuse' })).code).toBe(1);
    expect((await profile(demo.data.token)).code).toBe(999);
    const refused = await call(t, 'GET', '/api/user/createAccountDemoForU', { demo_id: demoId });
    expect(refused.msg).toBe('Sign-in to this account has been disabled. Please contact customer service.');
  });

  it("tells the customer's open socket at once: its login ends (999) and the user's pushes stop", async () => {
    const user = await registerByEmail(t, freshEmail('socket'));
    const socket = await TestSocket.open(await socketUrl(t));
    try {
      expect((await socket.request({ type: 'login', params: { token: user.token } })).code).toBe(1);
      expect((await socket.request({ type: 'sub', params: { topic: 'forex.trade' } })).code).toBe(1);
      expect((await post('disable', { id: user.user.id, reason: 'Phone stolen' })).code).toBe(1);
      expect(await socket.next((message) => typeof message === 'object' && message.type === 'login')).toEqual(
        {
          type: 'login',
          code: 999,
          msg: translate('en', 'error.session_invalid'),
        },
      );
      t.app.realtime.publishToUser(asUserId(user.user.id), 'forex.trade', sampleTrade());
      expect((await socket.drain()).some(isPush('forex.trade'))).toBe(false);
      // Logging in again with the old token is refused too.
      expect((await socket.request({ type: 'login', params: { token: user.token } })).code).toBe(999);
    } finally {
      socket.close();
    }
  });

  it('revokes every session without disabling the login', async () => {
    const user = await registerByEmail(t, freshEmail('revoke'));
    const revoked = await post<CustomerLoginState>('revoke_sessions', { id: user.user.id });
    expect(revoked).toMatchObject({ code: 1, data: { login_disabled_at: '', sessions_ended: 1 } });
    expect((await profile(user.token)).code).toBe(999);
    expect((await login(t, user.user.email)).code).toBe(1);
    expect((await auditOf(compliance.id, 'customer.sessions_revoked')).at(-1)).toMatchObject({
      target: `user:${user.user.id}`,
      details: { before: { liveSessions: 1 }, after: { liveSessions: 0 } },
    });
  });

  it('refuses other roles, bad input and unknown customers, writing nothing', async () => {
    const user = await registerByEmail(t, freshEmail('refuse'));
    const before = await writes(user.user.id);
    const forbidden = await post('disable', { id: user.user.id, reason: 'no' }, support);
    expect(forbidden.code).toBe(0);
    expect((await post('revoke_sessions', { id: user.user.id }, finance)).code).toBe(0);
    expect((await post('disable', { id: user.user.id, reason: '' })).code).toBe(0);
    expect((await post('disable', { id: user.user.id, reason: 'x'.repeat(301) })).code).toBe(0);
    expect((await post('disable', { id: user.user.id })).code).toBe(0);
    expect((await post('enable', { id: 'x' })).code).toBe(0);
    expect(await post('disable', { id: UNKNOWN_ID, reason: 'nobody' })).toMatchObject({
      code: 0,
      msg: 'This customer does not exist.',
    });
    expect((await post('revoke_sessions', { id: UNKNOWN_ID })).code).toBe(0);
    const after = await writes(user.user.id);
    // The guard audits a forbidden call (staff.forbidden): that is the only entry the refusals add.
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
    expect(
      await scalar(
        `select count(*)::int as n from audit_log where action like 'customer.%' and target = 'user:${Number(user.user.id)}'`,
      ),
    ).toBe(0);
    expect((await profile(user.token)).code).toBe(1);
  });
});
