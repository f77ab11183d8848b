import type { SessionData } from '@meridian/contract/auth';
import type { CustomerDetail } from '@meridian/contract/customers-staff';
import type { LegalCurrent, LegalText, StaffLegalVersions } from '@meridian/contract/legal';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, lastCode, PASSWORD, snapshotCounts } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';

// The terms and the risk warning, versioned in 15 languages, accepted at sign-up.

const t = useTestApp();
let content: { id: number; token: string };
let support: { token: string };
let compliance: { token: string };
/** Publishes a version through the back office, by the content editor unless another is given. */
const publish = (fields: Record<string, unknown>, staff: { token: string } = content, lang = 'en') =>
  adminCall<StaffLegalVersions>(t, 'POST', '/admin/api/legal/publish', fields, staff.token, lang);
beforeAll(async () => {
  content = await staffSession(t, 'content', 'Cleo Content');
  support = await staffSession(t, 'support', 'Sam Support');
  compliance = await staffSession(t, 'compliance', 'Cora Compliance');
});

async function current(lang = 'en'): Promise<LegalCurrent> {
  const answer = await call<LegalCurrent>(t, 'GET', '/api/legal/current', {}, { lang });
  expect(answer.code).toBe(1);
  return answer.data;
}

async function legalRows(): Promise<{ kind: string; version: number }[]> {
  const result = await t.database.db.execute(
    'select kind, version from legal_documents order by kind, version',
  );
  return rowsOf<{ kind: string; version: number }>(result);
}

async function acceptanceRows(userId: number) {
  const result = await t.database.db.execute(
    `select kind, version, accepted_at from legal_acceptances where user_id = ${Number(userId)} order by kind`,
  );
  return rowsOf<{ kind: string; version: number; accepted_at: string | Date }>(result);
}

/** A sign-up by e-mail with its code from the outbox; `extra` adds the acceptance fields. */
/** The customer's detail as compliance reads it in the back office. */
const customerDetail = (userId: number) =>
  adminCall<CustomerDetail>(t, 'GET', '/admin/api/customers/detail', { id: userId }, compliance.token);

async function signUp(email: string, extra: Record<string, unknown>, lang = 'en') {
  const sent = await call(t, 'POST', '/api/notify/send_email', { email, type: 1 });
  expect(sent.code).toBe(1);
  const code = await lastCode(t, email, 1);
  return call<SessionData>(
    t,
    'POST',
    '/api/user/register',
    { type: 'email', account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code, ...extra },
    { lang },
  );
}

function texts(languages: string[], stamp: string) {
  return Object.fromEntries(
    languages.map((language) => [
      language,
      { title: `${stamp} ${language}`, content: `Text ${stamp} in ${language}.\n\nSecond paragraph.` },
    ]),
  );
}

describe('the texts customers read', () => {
  it('a fresh installation has version 1 of both documents, in the reader’s language', async () => {
    // Version 1 by number: another test of this file may have published a newer one (any order).
    const version1 = (kind: string, lang: string) =>
      call<LegalText>(t, 'GET', '/api/legal/text', { kind, version: 1 }, { lang });
    expect((await version1('terms', 'ar')).data).toMatchObject({
      kind: 'terms',
      version: 1,
      title: 'اتفاقية العميل',
    });
    expect((await version1('risk', 'ar')).data).toMatchObject({
      kind: 'risk',
      version: 1,
      title: 'تحذير من المخاطر',
    });
    const arabic = await current('ar');
    expect(arabic.terms?.version).toBeGreaterThanOrEqual(1);
    expect(arabic.risk?.version).toBeGreaterThanOrEqual(1);
    const text = await version1('risk', 'de');
    expect(text.data).toMatchObject({
      kind: 'risk',
      version: 1,
      language: 'de',
      fallback: false,
      title: 'Risikohinweis',
    });
    expect(text.data.content).toContain('Hebel');
  });

  it('refuses an unknown kind or version with a localized message', async () => {
    const kind = await call(t, 'GET', '/api/legal/text', { kind: 'privacy' }, { lang: 'en' });
    expect(kind.code).toBe(0);
    const version = await call(t, 'GET', '/api/legal/text', { kind: 'terms', version: 999 }, { lang: 'en' });
    expect(version).toEqual({ code: 0, msg: 'Not found.', data: null });
  });
});

describe('publishing a version (back office)', () => {
  it('numbers the new version, keeps the old one readable, falls back to the default language, and audits', async () => {
    const published = await publish({ kind: 'terms', texts: texts(['hk', 'en'], 'V2') });
    expect(published.code).toBe(1);
    expect(published.data.list.map((version) => version.version)).toEqual([2, 1]);
    expect(published.data.list[0]).toMatchObject({ published_by: 'Cleo Content', accepted_count: 0 });
    expect(Object.keys(published.data.list[0]?.texts ?? {}).sort()).toEqual(['en', 'hk']);

    expect((await current('en')).terms).toMatchObject({ version: 2, title: 'V2 en' });
    // A French reader of version 2 reads the default language's text, told so.
    const french = await call<LegalText>(t, 'GET', '/api/legal/text', { kind: 'terms' }, { lang: 'fr' });
    expect(french.data).toMatchObject({ version: 2, language: 'hk', fallback: true, title: 'V2 hk' });
    // Version 1 is still there, in French.
    const old = await call<LegalText>(
      t,
      'GET',
      '/api/legal/text',
      { kind: 'terms', version: 1 },
      { lang: 'fr' },
    );
    expect(old.data).toMatchObject({
      version: 1,
      language: 'fr',
      fallback: false,
      title: 'Conditions générales client',
    });

    const audit = rowsOf<{ action: string; target: string; staff_id: number }>(
      await t.database.db.execute(
        `select action, target, staff_id from audit_log where action = 'legal.version_published' order by id desc limit 1`,
      ),
    );
    expect(audit[0]).toMatchObject({ target: 'legal:terms:2', staff_id: content.id });
  });

  it('refuses a version without the default language, and a role without content.edit; writes nothing', async () => {
    const before = await legalRows();
    const noDefault = await publish({ kind: 'risk', texts: texts(['en'], 'X') }, content, 'de');
    expect(noDefault).toEqual({
      code: 0,
      msg: 'Bitte schreiben Sie den Text in der Standardsprache (traditionelles Chinesisch): Leser ohne Fassung in ihrer Sprache lesen ihn.',
      data: null,
    });
    const bySupport = await publish({ kind: 'risk', texts: texts(['hk'], 'X') }, support);
    expect(bySupport.code).toBe(0);
    const control = await publish({ kind: 'risk', texts: { hk: { title: 'X', content: 'bad\u0007bell' } } });
    expect(control.code).toBe(0);
    expect(await legalRows()).toEqual(before);
  });
});

describe('acceptance at sign-up', () => {
  it('stores the versions accepted with the time, and the customer page shows them', async () => {
    const now = await current();
    const email = freshEmail('accepts');
    const answer = await signUp(email, {
      terms_version: now.terms?.version,
      risk_version: now.risk?.version,
    });
    expect(answer.code).toBe(1);
    const rows = await acceptanceRows(answer.data.user.id);
    // The versions current now (another test of this file may have published one: tests run in any order).
    const terms = now.terms?.version ?? 0;
    const risk = now.risk?.version ?? 0;
    expect(terms).toBeGreaterThan(0);
    expect(rows.map((row) => [row.kind, row.version])).toEqual([
      ['risk', risk],
      ['terms', terms],
    ]);
    expect(new Date(rows[0]?.accepted_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());

    const detail = await customerDetail(answer.data.user.id);
    expect(detail.data.legal).toEqual([
      { kind: 'terms', version: terms, accepted_at: t.clock.now().toISOString() },
      { kind: 'risk', version: risk, accepted_at: t.clock.now().toISOString() },
    ]);
    const versions = await adminCall<StaffLegalVersions>(
      t,
      'GET',
      '/admin/api/legal/versions',
      { kind: 'terms' },
      content.token,
    );
    expect(versions.data.list[0]).toMatchObject({ version: terms, accepted_count: 1 });
  });

  it('refuses, localized, a sign-up whose boxes are not ticked, and writes nothing', async () => {
    const now = await current();
    const before = await snapshotCounts(t);
    const noTerms = await signUp(
      freshEmail('no-terms'),
      { terms_version: 0, risk_version: now.risk?.version },
      'de',
    );
    expect(noTerms).toEqual({
      code: 0,
      msg: 'Bitte lesen und akzeptieren Sie die Kundenvereinbarung.',
      data: null,
    });
    // Sending only one field is an app that sends acceptance: the other is then missing.
    const noRisk = await signUp(freshEmail('no-risk'), { terms_version: now.terms?.version }, 'ar');
    expect(noRisk).toEqual({ code: 0, msg: 'يرجى قراءة تحذير المخاطر والموافقة عليه.', data: null });
    const after = await snapshotCounts(t);
    // The codes were sent (verification_codes grew); no user, account or session was made.
    expect({ ...after, verification_codes: 0 }).toEqual({ ...before, verification_codes: 0 });
  });

  it('refuses the acceptance of a version that is no longer current (the text changed meanwhile)', async () => {
    // The risk warning read when the form opened, then a new one published before the sign-up came.
    const read = await current();
    const published = await publish({ kind: 'risk', texts: texts(['hk', 'en'], 'Risk revised') });
    expect(published.code).toBe(1);
    const before = await snapshotCounts(t);
    const stale = await signUp(freshEmail('stale'), {
      terms_version: read.terms?.version,
      risk_version: read.risk?.version,
    });
    expect(stale).toEqual({
      code: 0,
      msg: 'The terms or the risk warning were just updated. Please read them again and accept before signing up.',
      data: null,
    });
    expect((await snapshotCounts(t)).users).toBe(before.users);
  });

  it('registers a client written against the spec (no acceptance field), recorded as not accepted', async () => {
    const email = freshEmail('spec');
    const answer = await signUp(email, {});
    expect(answer.code).toBe(1);
    expect(await acceptanceRows(answer.data.user.id)).toEqual([]);
    const detail = await customerDetail(answer.data.user.id);
    expect(detail.data.legal).toEqual([
      { kind: 'terms', version: 0, accepted_at: '' },
      { kind: 'risk', version: 0, accepted_at: '' },
    ]);
  });
});
