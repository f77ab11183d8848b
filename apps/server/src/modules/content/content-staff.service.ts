import { randomBytes } from 'node:crypto';
import type { Announcement, NewsDetail } from '@meridian/contract/content';
import type {
  PublishStoryRequest,
  SaveAnnouncementRequest,
  SaveCompanyRequest,
  SaveCompanySettingsRequest,
  SaveNewsRequest,
  StaffAnnouncementPage,
  StaffAnnouncementStory,
  StaffAnnouncementVersion,
  StaffCompany,
  StaffCompanySettings,
  StaffContentOptions,
  StaffNewsPage,
  StaffNewsStory,
  StaffNewsVersion,
  StaffStoryQuery,
} from '@meridian/contract/content-staff';
import type { Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { getSetting, setSetting } from '../settings/settings.public';
import {
  type AuthenticatedStaff,
  actorOf,
  answeredPage,
  type ListWindow,
  listAuditEntry,
  listWindow,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import * as repository from './content.repository';
import { announcement, listNewsCategories, newsDetailOf } from './content.service';
import { artPath, CONTENT_ART } from './content-art';
import { plainText, sanitizeContentHtml } from './sanitize';

// The back office's content (permission content.edit): news and announcements in every language,
// drafts and publishing, the group's companies, the company name and complaint e-mail. Every
// change is audited with its before and after in the change's own transaction.

/** A new story's name: its kind, the day, and 6 random hex digits (`news-20261124-3f9a1c`). */
function newSlug(kind: 'news' | 'notice' | 'company', at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${kind}-${day}-${randomBytes(3).toString('hex')}`;
}

/** Text that must say something once markup is gone: a title of only tags is refused. */
function cleanTitle(title: string): string {
  const clean = plainText(title);
  if (clean === '') throw new Rejection('error.content_empty');
  return clean;
}

/** The stored HTML: sanitized here, and refused when nothing readable is left. */
function cleanHtml(html: string): string {
  if (html.length > LIMITS.contentHtmlLengthMax) throw new Rejection('error.too_large');
  const clean = sanitizeContentHtml(html);
  if (plainText(clean) === '' && !/<img\s/i.test(clean)) throw new Rejection('error.content_empty');
  return clean;
}

function newsVersionView(row: repository.NewsRow): StaffNewsVersion {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    category_id: row.categoryId,
    title: row.title,
    desc: row.description,
    logo: row.logo,
    content: row.content,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
    is_default: row.isDefault,
  };
}

function announcementVersionView(row: repository.AnnouncementRow): StaffAnnouncementVersion {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    content: row.content,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
  };
}

/** Rows of several stories, in order, grouped by story. */
function groupBySlug<Row extends { slug: string }, View>(rows: Row[], view: (row: Row) => View) {
  const stories: { slug: string; versions: View[] }[] = [];
  for (const row of rows) {
    const last = stories.at(-1);
    if (last?.slug === row.slug) last.versions.push(view(row));
    else stories.push({ slug: row.slug, versions: [view(row)] });
  }
  return stories;
}

/** The news categories (in the staff member's language) and the built-in cover pictures. */
export async function contentOptions(
  context: ServerContext,
  staff: AuthenticatedStaff,
  language: Language,
): Promise<StaffContentOptions> {
  await requirePermission(context, staff, 'content.edit');
  return {
    categories: await listNewsCategories(context, language),
    covers: Object.keys(CONTENT_ART).map((name) => ({ name, url: artPath(name) })),
  };
}

// News.

export async function listNewsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffStoryQuery,
): Promise<StaffNewsPage> {
  await requirePermission(context, staff, 'content.edit');
  const window = listWindow(query);
  const { rows, total } = await repository.listNewsStories(context.db, window);
  const list = groupBySlug(rows, newsVersionView);
  await auditStoriesExport(context, staff, window, 'news', { rows: list.length, total });
  return { list, total, ...answeredPage(window, query) };
}

/**
 * The stories lists' page reads are not audited (stories are public once published); an export is,
 * as `staff.list_export` (the file leaves the console, drafts included).
 */
async function auditStoriesExport(
  context: ServerContext,
  staff: AuthenticatedStaff,
  window: ListWindow<string>,
  list: 'news' | 'announcements',
  counts: { rows: number; total: number },
) {
  if (!window.exporting) return;
  const entry = { action: 'staff.list_export', list, target: null, details: {} } as const;
  await recordAudit(context.db, actorOf(staff), listAuditEntry(window, entry, counts, context.clock.now()));
}

/**
 * Saves one language version of a news story: a new story without a slug (this first version is its
 * default-language version), else the story's version in that language (made, or changed). A new
 * version is a draft; a changed one keeps its state.
 * The category and cover belong to the story: they are written to every version.
 */
export async function saveNews(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: SaveNewsRequest,
): Promise<StaffNewsVersion> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  const title = cleanTitle(input.title);
  const description = plainText(input.desc);
  const content = cleanHtml(input.content);
  const categories = await repository.listNewsCategories(context.db);
  if (!categories.some((category) => category.id === input.category_id))
    throw new Rejection('error.news_category_unknown');
  return context.db.transaction(async (tx) => {
    const story = input.slug === undefined ? [] : await repository.lockNewsStory(tx, input.slug);
    if (input.slug !== undefined && story.length === 0) throw new Rejection('error.news_unknown');
    const slug = input.slug ?? newSlug('news', now);
    const before = story.find((row) => row.language === input.language);
    const shared = { categoryId: input.category_id, logo: input.logo };
    for (const row of story) {
      if (row === before || (row.categoryId === shared.categoryId && row.logo === shared.logo)) continue;
      await repository.updateNewsVersion(tx, row.id, shared);
      await recordAudit(tx, actorOf(staff), {
        action: 'content.news_saved',
        target: `news:${row.id}`,
        details: {
          slug,
          language: row.language,
          before: { category_id: row.categoryId, logo: row.logo },
          after: { category_id: shared.categoryId, logo: shared.logo },
        },
        at: now,
      });
    }
    const values = { ...shared, title, description, content };
    const after = before
      ? await repository.updateNewsVersion(tx, before.id, values)
      : await repository.insertNewsVersion(tx, {
          ...values,
          slug,
          language: input.language,
          published: false,
          publishedAt: now,
          // A new story starts with its default-language version; every later one is a translation.
          isDefault: story.length === 0,
        });
    if (!after) throw new Rejection('error.content_conflict');
    await recordAudit(tx, actorOf(staff), {
      action: 'content.news_saved',
      target: `news:${after.id}`,
      details: {
        slug,
        language: after.language,
        before: before ? newsVersionView(before) : null,
        after: newsVersionView(after),
      },
      at: now,
    });
    return newsVersionView(after);
  });
}

/**
 * Publishes or takes down one version of a story, or all of them. Publishing dates the version
 * now (it moves to the top of the customers' list); taking it down keeps its date.
 */
export async function publishNews(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: PublishStoryRequest,
): Promise<StaffNewsStory> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const story = await repository.lockNewsStory(tx, input.slug);
    const chosen = story.filter((row) => input.language === undefined || row.language === input.language);
    if (chosen.length === 0) throw new Rejection('error.news_unknown');
    const versions: repository.NewsRow[] = [];
    for (const row of story) {
      if (!chosen.includes(row) || row.published === input.published) {
        versions.push(row);
        continue;
      }
      const after = await repository.updateNewsVersion(tx, row.id, {
        published: input.published,
        ...(input.published ? { publishedAt: now } : {}),
      });
      await recordAudit(tx, actorOf(staff), {
        action: input.published ? 'content.news_published' : 'content.news_unpublished',
        target: `news:${row.id}`,
        details: {
          slug: row.slug,
          language: row.language,
          before: { published: row.published, published_at: row.publishedAt.toISOString() },
          after: { published: after.published, published_at: after.publishedAt.toISOString() },
        },
        at: now,
      });
      versions.push(after);
    }
    return { slug: input.slug, versions: versions.map(newsVersionView) };
  });
}

/**
 * Deletes a draft version (a published one must be taken down first; the default-language version
 * only as the story's last).
 */
export async function deleteNews(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
): Promise<{ id: number; slug: string }> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const named = await repository.findNewsById(tx, id);
    const story = named ? await repository.lockNewsStory(tx, named.slug) : [];
    const row = story.find((version) => version.id === id);
    if (!row) throw new Rejection('error.news_unknown');
    if (row.published) throw new Rejection('error.content_delete_published');
    // The default-language version is required: it goes only with the story's last version.
    if (row.isDefault && story.length > 1) throw new Rejection('error.content_delete_default');
    await repository.deleteNewsVersion(tx, id);
    await recordAudit(tx, actorOf(staff), {
      action: 'content.news_deleted',
      target: `news:${id}`,
      details: { slug: row.slug, language: row.language, before: newsVersionView(row), after: null },
      at: now,
    });
    return { id, slug: row.slug };
  });
}

/** A version, published or not, exactly as the customer app will receive it. */
export async function previewNews(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
): Promise<NewsDetail> {
  await requirePermission(context, staff, 'content.edit');
  const row = await repository.findNewsById(context.db, id);
  if (!row) throw new Rejection('error.news_unknown');
  return newsDetailOf(row);
}

// Announcements: the same, without category, summary or cover.

export async function listAnnouncementsForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: StaffStoryQuery,
): Promise<StaffAnnouncementPage> {
  await requirePermission(context, staff, 'content.edit');
  const window = listWindow(query);
  const { rows, total } = await repository.listAnnouncementStories(context.db, window);
  const list = groupBySlug(rows, announcementVersionView);
  await auditStoriesExport(context, staff, window, 'announcements', { rows: list.length, total });
  return { list, total, ...answeredPage(window, query) };
}

export async function saveAnnouncement(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: SaveAnnouncementRequest,
): Promise<StaffAnnouncementVersion> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  const title = cleanTitle(input.title);
  const content = cleanHtml(input.content);
  return context.db.transaction(async (tx) => {
    const story = input.slug === undefined ? [] : await repository.lockAnnouncementStory(tx, input.slug);
    if (input.slug !== undefined && story.length === 0) throw new Rejection('error.announcement_unknown');
    const slug = input.slug ?? newSlug('notice', now);
    const before = story.find((row) => row.language === input.language);
    const after = before
      ? await repository.updateAnnouncementVersion(tx, before.id, { title, content })
      : await repository.insertAnnouncementVersion(tx, {
          slug,
          language: input.language,
          title,
          content,
          published: false,
          publishedAt: now,
        });
    if (!after) throw new Rejection('error.content_conflict');
    await recordAudit(tx, actorOf(staff), {
      action: 'content.announcement_saved',
      target: `announcement:${after.id}`,
      details: {
        slug,
        language: after.language,
        before: before ? announcementVersionView(before) : null,
        after: announcementVersionView(after),
      },
      at: now,
    });
    return announcementVersionView(after);
  });
}

export async function publishAnnouncement(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: PublishStoryRequest,
): Promise<StaffAnnouncementStory> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const story = await repository.lockAnnouncementStory(tx, input.slug);
    const chosen = story.filter((row) => input.language === undefined || row.language === input.language);
    if (chosen.length === 0) throw new Rejection('error.announcement_unknown');
    const versions: repository.AnnouncementRow[] = [];
    for (const row of story) {
      if (!chosen.includes(row) || row.published === input.published) {
        versions.push(row);
        continue;
      }
      const after = await repository.updateAnnouncementVersion(tx, row.id, {
        published: input.published,
        ...(input.published ? { publishedAt: now } : {}),
      });
      await recordAudit(tx, actorOf(staff), {
        action: input.published ? 'content.announcement_published' : 'content.announcement_unpublished',
        target: `announcement:${row.id}`,
        details: {
          slug: row.slug,
          language: row.language,
          before: { published: row.published, published_at: row.publishedAt.toISOString() },
          after: { published: after.published, published_at: after.publishedAt.toISOString() },
        },
        at: now,
      });
      versions.push(after);
    }
    return { slug: input.slug, versions: versions.map(announcementVersionView) };
  });
}

export async function deleteAnnouncement(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
): Promise<{ id: number; slug: string }> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const named = await repository.findAnnouncementById(tx, id);
    const row = named
      ? (await repository.lockAnnouncementStory(tx, named.slug)).find((r) => r.id === id)
      : undefined;
    if (!row) throw new Rejection('error.announcement_unknown');
    if (row.published) throw new Rejection('error.content_delete_published');
    await repository.deleteAnnouncementVersion(tx, id);
    await recordAudit(tx, actorOf(staff), {
      action: 'content.announcement_deleted',
      target: `announcement:${id}`,
      details: { slug: row.slug, language: row.language, before: announcementVersionView(row), after: null },
      at: now,
    });
    return { id, slug: row.slug };
  });
}

export async function previewAnnouncement(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
): Promise<Announcement> {
  await requirePermission(context, staff, 'content.edit');
  const row = await repository.findAnnouncementById(context.db, id);
  if (!row) throw new Rejection('error.announcement_unknown');
  return announcement(row);
}

// Companies.

function companyView(row: repository.CompanyRow): StaffCompany {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    url: row.url,
    subject: row.subject,
    registered_address: row.registeredAddress,
    location: row.location,
    email: row.email,
    sort: row.sort,
  };
}

export async function listCompaniesForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffCompany[]> {
  await requirePermission(context, staff, 'content.edit');
  const rows = await repository.listAllCompanies(context.db, LIMITS.companiesStaffMax);
  return rows.map(companyView);
}

/** Adds a company (no id) or changes one; text fields are kept as plain text. */
export async function saveCompany(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: SaveCompanyRequest,
): Promise<StaffCompany> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  const values = {
    name: cleanTitle(input.name),
    logo: input.logo,
    url: input.url,
    subject: plainText(input.subject),
    registeredAddress: plainText(input.registered_address),
    location: plainText(input.location),
    email: input.email,
    sort: input.sort,
  };
  return context.db.transaction(async (tx) => {
    const before = input.id === undefined ? undefined : await repository.lockCompany(tx, input.id);
    if (input.id !== undefined && !before) throw new Rejection('error.company_unknown');
    if (input.id === undefined) {
      const existing = await repository.listAllCompanies(tx, LIMITS.companiesStaffMax);
      if (existing.length >= LIMITS.companiesStaffMax) throw new Rejection('error.companies_max');
    }
    const after = before
      ? await repository.updateCompany(tx, before.id, values)
      : await repository.insertCompany(tx, { ...values, slug: newSlug('company', now), createdAt: now });
    await recordAudit(tx, actorOf(staff), {
      action: 'content.company_saved',
      target: `company:${after.id}`,
      details: { before: before ? companyView(before) : null, after: companyView(after) },
      at: now,
    });
    return companyView(after);
  });
}

async function readCompanySettings(db: DbOrTx): Promise<StaffCompanySettings> {
  return {
    company_name: await getSetting(db, 'company_name'),
    complaint_email: await getSetting(db, 'complaint_email'),
  };
}

export async function companySettings(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffCompanySettings> {
  await requirePermission(context, staff, 'content.edit');
  return readCompanySettings(context.db);
}

/** The company name and complaint e-mail the customer app shows, written through the settings area. */
export async function saveCompanySettings(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: SaveCompanySettingsRequest,
): Promise<StaffCompanySettings> {
  await requirePermission(context, staff, 'content.edit');
  const name = cleanTitle(input.company_name);
  return context.db.transaction(async (tx) => {
    const before = await readCompanySettings(tx);
    await setSetting(tx, 'company_name', name);
    await setSetting(tx, 'complaint_email', input.complaint_email);
    const after = await readCompanySettings(tx);
    await recordAudit(tx, actorOf(staff), {
      action: 'content.company_settings_saved',
      target: 'settings:company',
      details: { before, after },
      at: context.clock.now(),
    });
    return after;
  });
}
