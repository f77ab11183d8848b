import type {
  PublishStoryRequest,
  SaveAnnouncementRequest,
  SaveNewsRequest,
  StaffAnnouncementVersion,
  StaffContentOptions,
  StaffNewsVersion,
  StaffStoryQuery,
} from '@meridian/contract/content-staff';
import type { Language } from '@meridian/contract/languages';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import {
  type AuthenticatedStaff,
  actorOf,
  readAuditedList,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import { staffAction } from '../staff-action';
import * as repository from './content.repository';
import { listNewsCategories } from './content.service';
import { artPath, CONTENT_ART } from './content-art';
import { cleanHtml, cleanTitle, newSlug } from './content-text';
import { plainText } from './sanitize';
import { announcementVersionView, newsVersionView, type StoryKind, type StoryRow } from './story-kinds';

// The back office's stories (permission content.edit): news and announcements in every language,
// drafts and publishing. Listing, publishing, deleting and previewing are written once for both
// kinds (story-kinds.ts); saving differs, news having a category, a summary and a cover. Every
// change is audited with its before and after in the change's own transaction.

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

/** A page of stories, each with its versions; an export of the list is audited. */
export async function listStoriesForStaff<Row extends StoryRow, StaffView, CustomerView>(
  context: ServerContext,
  kind: StoryKind<Row, StaffView, CustomerView>,
  staff: AuthenticatedStaff,
  query: StaffStoryQuery,
) {
  // A page read is not audited (stories are public once published); an export is, as
  // `staff.list_export` (the file leaves the console, drafts included).
  const { rows, total, page, limit } = await readAuditedList(context, staff, query, {
    permission: 'content.edit',
    read: async (window) => {
      const { rows, total } = await kind.listStories(context.db, window);
      return { rows: groupBySlug(rows, kind.staffView), total };
    },
    audit: () => ({ action: 'staff.list_export', list: kind.list, target: null, details: {} }),
    exportsOnly: true,
  });
  return { list: rows, total, page, limit };
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

/**
 * Saves one language version of a news story: a new story without a slug (this first version is its
 * default-language version), else the story's version in that language (made, or changed). A new
 * version is a draft; a changed one keeps its state.
 * The category and cover belong to the story: they are written to every version.
 */
export const saveNews = staffAction(
  'content.edit',
  async (context, staff, input: SaveNewsRequest, now): Promise<StaffNewsVersion> => {
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
  },
);

// Announcements: the same, without category, summary or cover.

export const saveAnnouncement = staffAction(
  'content.edit',
  async (context, staff, input: SaveAnnouncementRequest, now): Promise<StaffAnnouncementVersion> => {
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
  },
);

/**
 * Publishes or takes down one version of a story, or all of them. Publishing dates the version
 * now (it moves to the top of the customers' list); taking it down keeps its date.
 */
export async function publishStory<Row extends StoryRow, StaffView, CustomerView>(
  context: ServerContext,
  kind: StoryKind<Row, StaffView, CustomerView>,
  staff: AuthenticatedStaff,
  input: PublishStoryRequest,
): Promise<{ slug: string; versions: StaffView[] }> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const story = await kind.lockStory(tx, input.slug);
    const chosen = story.filter((row) => input.language === undefined || row.language === input.language);
    if (chosen.length === 0) throw new Rejection(kind.unknown);
    const versions: Row[] = [];
    for (const row of story) {
      if (!chosen.includes(row) || row.published === input.published) {
        versions.push(row);
        continue;
      }
      const after = await kind.update(tx, row.id, {
        published: input.published,
        ...(input.published ? { publishedAt: now } : {}),
      });
      await recordAudit(tx, actorOf(staff), {
        action: `content.${kind.name}_${input.published ? 'published' : 'unpublished'}`,
        target: `${kind.name}:${row.id}`,
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
    return { slug: input.slug, versions: versions.map(kind.staffView) };
  });
}

/**
 * Deletes a draft version (a published one must be taken down first; a news story's
 * default-language version only as the story's last).
 */
export async function deleteStory<Row extends StoryRow, StaffView, CustomerView>(
  context: ServerContext,
  kind: StoryKind<Row, StaffView, CustomerView>,
  staff: AuthenticatedStaff,
  id: number,
): Promise<{ id: number; slug: string }> {
  await requirePermission(context, staff, 'content.edit');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const named = await kind.findById(tx, id);
    const story = named ? await kind.lockStory(tx, named.slug) : [];
    const row = story.find((version) => version.id === id);
    if (!row) throw new Rejection(kind.unknown);
    if (row.published) throw new Rejection('error.content_delete_published');
    // The default-language version is required: it goes only with the story's last version.
    if (kind.isDefault(row) && story.length > 1) throw new Rejection('error.content_delete_default');
    await kind.deleteVersion(tx, id);
    await recordAudit(tx, actorOf(staff), {
      action: `content.${kind.name}_deleted`,
      target: `${kind.name}:${id}`,
      details: { slug: row.slug, language: row.language, before: kind.staffView(row), after: null },
      at: now,
    });
    return { id, slug: row.slug };
  });
}

/** A version, published or not, exactly as the customer app will receive it. */
export async function previewStory<Row extends StoryRow, StaffView, CustomerView>(
  context: ServerContext,
  kind: StoryKind<Row, StaffView, CustomerView>,
  staff: AuthenticatedStaff,
  id: number,
): Promise<CustomerView> {
  await requirePermission(context, staff, 'content.edit');
  const row = await kind.findById(context.db, id);
  if (!row) throw new Rejection(kind.unknown);
  return kind.customerView(row);
}
