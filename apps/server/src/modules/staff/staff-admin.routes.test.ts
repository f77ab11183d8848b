import { AUDIT_ACTION_KINDS, type AuditAction, type AuditActionKind } from '@meridian/contract/audit-actions';
import type { AuditEntry, StaffAccount, StaffEnrolmentLink } from '@meridian/contract/back-office';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-hooks';
import { adminCall, staffSession, TOTP_STEP_MS, totpCode } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';

const t = useTestApp();
let admin: { id: number; email: string; token: string };

// An admin of each test's own: the last test disables admins, and no test may depend on running
// before it.
beforeEach(async () => {
  admin = await staffSession(t, 'admin', 'Ada Admin');
});

const NEW_PASSWORD = 'Chosen at enrolment 42';
let counter = 0;
const freshStaffEmail = (prefix: string) => `${prefix}${++counter}-${Date.now().toString(36)}@meridian.test`;

/** The staff tables' rows (sessions' last use aside), to show that a refusal wrote nothing. */
async function staffTables(): Promise<string> {
  const parts: string[] = [];
  for (const query of [
    'select id, email, name, role, active, password_hash, totp_secret, totp_enabled_at, enrolment_token_hash from staff_accounts order by id',
    'select id, staff_id, revoked_at from staff_sessions order by id',
    'select id, used_at from staff_recovery_codes order by id',
    "select count(*) from audit_log where action not in ('staff.forbidden')",
  ]) {
    parts.push(JSON.stringify(rowsOf(await t.database.db.execute(query))));
  }
  return parts.join('\n');
}

async function create(fields: Record<string, unknown>, token = admin.token) {
  return adminCall<StaffEnrolmentLink>(t, 'POST', '/admin/api/staff/create', fields, token);
}

function tokenOf(link: StaffEnrolmentLink): string {
  const token = new URL(link.enrolment_path, 'http://x').searchParams.get('token');
  if (!token) throw new Error(`no token in ${link.enrolment_path}`);
  return token;
}

/** Follows an enrolment link as the new member: the QR secret, a first code, the password. */
async function enrolThrough(link: StaffEnrolmentLink, password: string) {
  const info = await adminCall<{ secret: string; needs_password: boolean; email: string }>(
    t,
    'GET',
    '/admin/api/enrolment',
    { token: tokenOf(link) },
  );
  expect(info.code).toBe(1);
  const enrolled = await adminCall<{ recovery_codes: string[] }>(t, 'POST', '/admin/api/enrol', {
    token: tokenOf(link),
    password,
    code: totpCode(info.data.secret, t.clock.now()),
  });
  return { info: info.data, enrolled };
}

async function signIn(email: string, password: string, fields: Record<string, string>) {
  return adminCall<{ token: string; staff: { role: string } }>(t, 'POST', '/admin/api/login', {
    email,
    password,
    ...fields,
  });
}

async function audit(query: Record<string, unknown>, token = admin.token) {
  return adminCall<{ list: AuditEntry[]; total: number; page: number; limit: number }>(
    t,
    'GET',
    '/admin/api/audit',
    query,
    token,
  );
}

type Member = { id: number; email: string; secret: string; recoveryCodes: string[]; token: string };

/**
 * A finance member made as the first test makes one (created by the admin, enrolled through the
 * link with a chosen password, signed in once): each test that needs a member makes its own, so no
 * test depends on another having run first.
 */
async function enrolledMember(): Promise<Member> {
  const email = freshStaffEmail('finn');
  const created = await create({ email, name: 'Finn Finance', role: 'finance' });
  if (created.code !== 1) throw new Error(`create failed: ${created.msg}`);
  const { info, enrolled } = await enrolThrough(created.data, NEW_PASSWORD);
  if (enrolled.code !== 1) throw new Error(`enrol failed: ${enrolled.msg}`);
  const session = await signIn(email, NEW_PASSWORD, {
    code: totpCode(info.secret, new Date(t.clock.now().getTime() + TOTP_STEP_MS)),
  });
  if (session.code !== 1) throw new Error(`sign-in failed: ${session.msg}`);
  return {
    id: created.data.staff.id,
    email,
    secret: info.secret,
    recoveryCodes: enrolled.data.recovery_codes,
    token: session.data.token,
  };
}

describe('staff accounts', () => {
  it('an admin creates a finance member: the link is answered once, the member chooses a password there and signs in', async () => {
    const email = freshStaffEmail('finn');
    const created = await create({
      email: ` ${email.toUpperCase()} `,
      name: 'Finn Finance',
      role: 'finance',
    });
    expect(created.code).toBe(1);
    expect(created.data.staff).toMatchObject({
      email,
      name: 'Finn Finance',
      role: 'finance',
      active: true,
      enrolled: false,
      last_seen_at: '',
    });
    expect(created.data.enrolment_path).toMatch(/^\/admin\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    expect(created.data.expires_at).toBe(new Date(t.clock.now().getTime() + 24 * 3600 * 1000).toISOString());
    // Only the hash is kept: the list never shows the link again.
    const list = await adminCall<{ list: StaffAccount[] }>(
      t,
      'GET',
      '/admin/api/staff/list',
      {},
      admin.token,
    );
    const listed = list.data.list.find((one) => one.id === created.data.staff.id);
    expect(listed).toMatchObject({ enrolled: false, enrolment_expires_at: created.data.expires_at });
    expect(JSON.stringify(list.data)).not.toContain(tokenOf(created.data));

    // No password yet: nobody can sign in with an empty or any other password.
    for (const password of ['', 'anything at all']) {
      expect((await signIn(email, password, { code: '123456' })).code).toBe(0);
    }
    // The enrolment page asks for a new password, and refuses a short one with nothing written.
    const before = await staffTables();
    const short = await enrolThrough(created.data, 'short');
    expect(short.info.needs_password).toBe(true);
    expect(short.enrolled).toEqual({
      code: 0,
      msg: 'Choose a password of at least 12 characters.',
      data: null,
    });
    expect(await staffTables()).toBe(before);

    const { info, enrolled } = await enrolThrough(created.data, NEW_PASSWORD);
    expect(enrolled.code).toBe(1);
    expect(enrolled.data.recovery_codes).toHaveLength(10);
    // The link is spent.
    const spent = await adminCall(t, 'GET', '/admin/api/enrolment', { token: tokenOf(created.data) });
    expect(spent.code).toBe(0);
    const session = await signIn(email, NEW_PASSWORD, {
      code: totpCode(info.secret, new Date(t.clock.now().getTime() + TOTP_STEP_MS)),
    });
    expect(session.code).toBe(1);
    expect(session.data.staff.role).toBe('finance');
    const member: Member = {
      id: created.data.staff.id,
      email,
      secret: info.secret,
      recoveryCodes: enrolled.data.recovery_codes,
      token: session.data.token,
    };

    // The audit log has the creation with before and after, by this admin, and the link issued.
    const entries = await audit({ target: `staff:${member.id}` });
    const actions = entries.data.list.map((entry) => entry.action);
    expect(actions).toEqual([
      'staff.login',
      'staff.enrolled',
      'staff.login_failed',
      'staff.enrolment_issued',
      'staff.create',
    ]);
    const creation = entries.data.list[4];
    expect(creation?.staff).toEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
    expect(creation?.details).toEqual({
      before: null,
      after: { email, name: 'Finn Finance', role: 'finance', active: true },
      password: 'chosen_at_enrolment',
    });
    expect(entries.data.list[1]?.details).toEqual({ password_chosen: true });
  });

  it('refuses a taken e-mail and bad input, writing nothing', async () => {
    const member = await enrolledMember();
    const before = await staffTables();
    const taken = await create({ email: member.email, name: 'Again', role: 'support' });
    expect(taken).toEqual({ code: 0, msg: 'This account is already registered.', data: null });
    for (const fields of [
      { email: 'not an e-mail', name: 'X', role: 'support' },
      { email: freshStaffEmail('x'), name: '', role: 'support' },
      { email: freshStaffEmail('x'), name: 'Bell\u0007', role: 'support' },
      { email: freshStaffEmail('x'), name: 'X'.repeat(81), role: 'support' },
      { email: freshStaffEmail('x'), name: 'X', role: 'root' },
      { email: freshStaffEmail('x'), name: 'X' },
    ]) {
      expect((await create(fields)).code, JSON.stringify(fields)).toBe(0);
    }
    for (const [url, fields] of [
      ['/admin/api/staff/role', { id: member.id, role: 'owner' }],
      ['/admin/api/staff/role', { id: 0, role: 'support' }],
      ['/admin/api/staff/disable', { id: 'one' }],
      ['/admin/api/staff/enable', {}],
      ['/admin/api/staff/reissue_enrolment', { id: 2 ** 31 }],
    ] as const) {
      expect((await adminCall(t, 'POST', url, fields, admin.token)).code, url).toBe(0);
    }
    for (const url of [
      '/admin/api/staff/role',
      '/admin/api/staff/disable',
      '/admin/api/staff/reissue_enrolment',
    ]) {
      const unknown = await adminCall(t, 'POST', url, { id: 999_999, role: 'support' }, admin.token);
      expect(unknown, url).toEqual({ code: 0, msg: 'This staff account does not exist.', data: null });
    }
    // The member's own role cannot manage staff.
    const forbidden = await create({ email: freshStaffEmail('x'), name: 'X', role: 'admin' }, member.token);
    expect(forbidden).toEqual({ code: 0, msg: 'Your role does not allow this.', data: null });
    expect(await staffTables()).toBe(before);
  });

  it('changes a role with before and after in the audit log; the new role applies at once', async () => {
    const member = await enrolledMember();
    const changed = await adminCall<StaffAccount>(
      t,
      'POST',
      '/admin/api/staff/role',
      { id: member.id, role: 'support' },
      admin.token,
    );
    expect(changed.data).toMatchObject({ id: member.id, role: 'support' });
    const me = await adminCall<{ role: string }>(t, 'GET', '/admin/api/me', {}, member.token);
    expect(me.data.role).toBe('support');
    const entry = (await audit({ action: 'staff.role', target: `staff:${member.id}` })).data.list[0];
    expect(entry?.details).toEqual({
      before: { email: member.email, name: 'Finn Finance', role: 'finance', active: true },
      after: { email: member.email, name: 'Finn Finance', role: 'support', active: true },
    });
    // The same role again changes and records nothing.
    const total = (await audit({ action: 'staff.role' })).data.total;
    expect(
      (await adminCall(t, 'POST', '/admin/api/staff/role', { id: member.id, role: 'support' }, admin.token))
        .code,
    ).toBe(1);
    expect((await audit({ action: 'staff.role' })).data.total).toBe(total);
  });

  it('an admin cannot demote or disable themselves', async () => {
    const before = await staffTables();
    for (const [url, fields] of [
      ['/admin/api/staff/role', { id: admin.id, role: 'support' }],
      ['/admin/api/staff/disable', { id: admin.id }],
    ] as const) {
      expect(await adminCall(t, 'POST', url, fields, admin.token)).toEqual({
        code: 0,
        msg: 'You cannot disable your own account or change your own role.',
        data: null,
      });
    }
    expect(await staffTables()).toBe(before);
  });

  it('disabling ends the member\u2019s sessions and sign-ins; enabling lets them back in', async () => {
    const member = await enrolledMember();
    const disabled = await adminCall<StaffAccount>(
      t,
      'POST',
      '/admin/api/staff/disable',
      { id: member.id },
      admin.token,
    );
    expect(disabled.data.active).toBe(false);
    expect((await adminCall(t, 'GET', '/admin/api/me', {}, member.token)).code).toBe(999);
    const code = member.recoveryCodes.pop() ?? '';
    expect((await signIn(member.email, NEW_PASSWORD, { recovery_code: code })).code).toBe(0);
    const entry = (await audit({ action: 'staff.disable', target: `staff:${member.id}` })).data.list[0];
    expect(entry?.details).toMatchObject({
      before: { active: true },
      after: { active: false },
      sessions_ended: 1,
    });
    // A disabled account gets no new link.
    expect(
      await adminCall(t, 'POST', '/admin/api/staff/reissue_enrolment', { id: member.id }, admin.token),
    ).toEqual({ code: 0, msg: 'This staff account is disabled. Enable it first.', data: null });

    const enabled = await adminCall<StaffAccount>(
      t,
      'POST',
      '/admin/api/staff/enable',
      { id: member.id },
      admin.token,
    );
    expect(enabled.data.active).toBe(true);
    const again = await signIn(member.email, NEW_PASSWORD, { recovery_code: code });
    expect(again.code).toBe(1);
    member.token = again.data.token;
    expect(
      (await audit({ action: 'staff.enable', target: `staff:${member.id}` })).data.list[0]?.details,
    ).toMatchObject({ before: { active: false }, after: { active: true } });
  });

  it('a lost phone: a new link spends the old secret and recovery codes and ends the sessions; the password stays', async () => {
    const member = await enrolledMember();
    const reissued = await adminCall<StaffEnrolmentLink>(
      t,
      'POST',
      '/admin/api/staff/reissue_enrolment',
      { id: member.id },
      admin.token,
    );
    expect(reissued.code).toBe(1);
    expect(reissued.data.staff.enrolled).toBe(false);
    expect((await adminCall(t, 'GET', '/admin/api/me', {}, member.token)).code).toBe(999);
    const oldCode = member.recoveryCodes.pop() ?? '';
    expect((await signIn(member.email, NEW_PASSWORD, { recovery_code: oldCode })).code).toBe(0);
    // The password is the one chosen before: the page does not ask for a new one, and checks it.
    const wrong = await enrolThrough(reissued.data, 'Some other password 1');
    expect(wrong.info.needs_password).toBe(false);
    expect(wrong.enrolled.code).toBe(0);
    const { info, enrolled } = await enrolThrough(reissued.data, NEW_PASSWORD);
    expect(enrolled.code).toBe(1);
    expect(info.secret).not.toBe(member.secret);
    const session = await signIn(member.email, NEW_PASSWORD, {
      code: totpCode(info.secret, new Date(t.clock.now().getTime() + TOTP_STEP_MS)),
    });
    expect(session.code).toBe(1);
    const entry = (await audit({ action: 'staff.enrolment_reissued' })).data.list[0];
    expect(entry).toMatchObject({
      target: `staff:${member.id}`,
      details: { before: { enrolled: true }, after: { enrolled: false }, sessions_ended: 1 },
    });
  });

  it('the command line still makes an account with its own password', async () => {
    const cliMade = await staffSession(t, 'content', 'Connie Content');
    const list = await adminCall<{ list: StaffAccount[] }>(
      t,
      'GET',
      '/admin/api/staff/list',
      {},
      admin.token,
    );
    expect(list.data.list.find((one) => one.id === cliMade.id)).toMatchObject({
      role: 'content',
      active: true,
      enrolled: true,
    });
  });
});

describe('the audit log viewer', () => {
  it('lists newest first, with filters by staff member, action prefix, target and UTC days, paged', async () => {
    // Entries of its own (three members created, enrolled and signed in: twelve), not the other tests'.
    for (let index = 0; index < 3; index += 1) await enrolledMember();
    const all = await audit({ limit: 50 });
    expect(all.code).toBe(1);
    const ids = all.data.list.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data.total).toBeGreaterThan(10);

    const mine = await audit({ staff_id: admin.id });
    expect(mine.data.list.every((entry) => entry.staff?.id === admin.id)).toBe(true);
    expect(mine.data.list.map((entry) => entry.action)).toContain('staff.create');

    const staffActions = await audit({ action: 'staff.' });
    expect(staffActions.data.total).toBeGreaterThan(0);
    expect(staffActions.data.list.every((entry) => entry.action.startsWith('staff.'))).toBe(true);
    // `_` is a letter here, not LIKE's wildcard.
    expect((await audit({ action: 'staff_' })).data.total).toBe(0);

    const page2 = await audit({ limit: 2, page: 2 });
    expect(page2.data.list.map((entry) => entry.id)).toEqual(ids.slice(2, 4));

    // The test clock's day holds everything; the day before and after hold nothing.
    expect((await audit({ from: '2026-11-18', to: '2026-11-18' })).data.total).toBe(all.data.total);
    expect((await audit({ to: '2026-11-17' })).data.total).toBe(0);
    expect((await audit({ from: '2026-11-19' })).data.total).toBe(0);
  });

  it('filters changes, reads and sign-ins apart, by the list of actions in the contract', async () => {
    const member = await enrolledMember();
    const customers = await staffSession(t, 'support', 'Reed Reader');
    expect((await adminCall(t, 'GET', '/admin/api/customers/search', { q: 'x' }, customers.token)).code).toBe(
      1,
    );
    const kinds = { change: [], read: [], access: [] } as Record<AuditActionKind, string[]>;
    for (const kind of ['change', 'read', 'access'] as const) {
      const page = await audit({ kind, limit: 50 });
      expect(page.code, kind).toBe(1);
      expect(page.data.total, kind).toBeGreaterThan(0);
      kinds[kind] = page.data.list.map((entry) => entry.action);
      for (const action of kinds[kind]) expect(AUDIT_ACTION_KINDS[action as AuditAction], action).toBe(kind);
    }
    expect(kinds.change).toContain('staff.create');
    expect(kinds.read).toContain('customer.search');
    expect(kinds.access).toContain('staff.login');
    const memberChanges = await audit({ kind: 'change', target: `staff:${member.id}` });
    expect(memberChanges.data.list.map((entry) => entry.action)).not.toContain('staff.login');
    expect((await audit({ kind: 'everything' })).code).toBe(0);
  });

  it('refuses unbounded or malformed filters, and roles without audit.read', async () => {
    for (const query of [
      { from: 'yesterday' },
      { to: '2026-13-01' },
      { action: 'DROP TABLE' },
      { action: 'a'.repeat(65) },
      { target: 't'.repeat(65) },
      { staff_id: -1 },
      { page: 0 },
      { limit: 51 },
    ]) {
      expect((await audit(query)).code, JSON.stringify(query)).toBe(0);
    }
    const finance = await staffSession(t, 'finance', 'Fay Finance');
    expect(await audit({}, finance.token)).toEqual({
      code: 0,
      msg: 'Your role does not allow this.',
      data: null,
    });
  });
});

describe('the last active admin', () => {
  it('keeps one active admin when two admins disable each other at once', async () => {
    const first = await staffSession(t, 'admin', 'Ada Admin');
    const other = await staffSession(t, 'admin', 'Otto Admin');
    const activeAdmins = async () =>
      rowsOf<{ id: number }>(
        await t.database.db.execute("select id from staff_accounts where role = 'admin' and active"),
      ).length;
    // Every other admin made by the helpers is disabled first: two remain.
    const everyone = await adminCall<{ list: StaffAccount[] }>(
      t,
      'GET',
      '/admin/api/staff/list',
      {},
      first.token,
    );
    for (const one of everyone.data.list) {
      if (one.role === 'admin' && one.active && one.id !== first.id && one.id !== other.id) {
        await adminCall(t, 'POST', '/admin/api/staff/disable', { id: one.id }, first.token);
      }
    }
    expect(await activeAdmins()).toBe(2);
    const answers = await Promise.all([
      adminCall(t, 'POST', '/admin/api/staff/disable', { id: other.id }, first.token),
      adminCall(t, 'POST', '/admin/api/staff/disable', { id: first.id }, other.token),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(await activeAdmins()).toBe(1);
  });
});

describe('staff names customers read in the chat', () => {
  const MESSAGE =
    'The name contains an invisible or text-direction character (such as a right-to-left override or a zero-width space). Please remove it and try again.';

  it('refuses a name with a bidi control or an invisible character, with the message, writing nothing', async () => {
    const before = await staffTables();
    const names = [
      'Mei\u202eChan', // right-to-left override
      'Mei\u202dChan', // left-to-right override
      '\u2066Mei\u2069', // isolates
      'Mei\u2067Chan',
      'Mei\u200bChan', // zero-width space
      'Mei\u200dChan', // zero-width joiner
      'Mei\u200fChan', // right-to-left mark
      '\ufeffMei', // byte-order mark at the start (a trim would have dropped it silently)
      'Mei\ufeff',
      'Mei\u00adChan', // soft hyphen
    ];
    for (const name of names) {
      const answer = await create({ email: freshStaffEmail('bidi'), name, role: 'support' });
      expect({ name: JSON.stringify(name), answer }).toEqual({
        name: JSON.stringify(name),
        answer: { code: 0, msg: MESSAGE, data: null },
      });
    }
    expect(await staffTables()).toBe(before);
  });

  it('says it in the staff member’s language, and still takes names of every script', async () => {
    const refused = await adminCall(
      t,
      'POST',
      '/admin/api/staff/create',
      { email: freshStaffEmail('bidi-hk'), name: 'Mei\u202eChan', role: 'support' },
      admin.token,
      'hk',
    );
    expect(refused.msg).toMatch(/^名稱含有不可見/);
    for (const name of ['陳美玲', 'محمد علي', 'Zoë Müller', '  Nguyễn   Văn An  ']) {
      const answer = await create({ email: freshStaffEmail('script'), name, role: 'support' });
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.staff.name).toBe(name.trim().replace(/\s+/g, ' '));
    }
  });

  it('refuses a blank name', async () => {
    const answer = await create({ email: freshStaffEmail('blank'), name: '   ', role: 'support' });
    expect(answer).toEqual({ code: 0, msg: 'Name is required.', data: null });
  });
});
