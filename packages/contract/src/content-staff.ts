import { z } from 'zod';
import { companyTexts, NewsCategory } from './content';
import {
  cacheBuster,
  email,
  flag,
  multilineText,
  patternText,
  positiveId,
  requiredText,
  serverText,
  text,
  wholeNumber,
} from './fields';
import { LANGUAGES } from './languages';
import { LIMITS } from './limits';
import { listSortFields, StorySortKey } from './list-sort';
import { pageOf, pagingFields } from './paging';
import { rowRequest } from './row-request';

/**
 * The back office's content API, under /admin/api behind the staff guard:
 * permission `content.edit` (roles content and admin). Every change is audited with what it was
 * before and after, in the same transaction.
 *
 * A story (news or announcement) is a slug with one version per language. New stories are made by
 * saving a version without a slug (the server names the story); the story's other languages are
 * saved with its slug. A version is saved as a draft (unpublished) and customers see only
 * published versions: a reader whose language's version is a draft reads the English one, if
 * that is published. HTML is sanitized by the server before it is stored.
 *
 * - GET  /admin/api/content/options                  -> StaffContentOptions (categories, built-in covers)
 * - GET  /admin/api/content/news?page&limit          -> StaffNewsPage, newest story first, every version
 *        (and the announcements' list alike); `sort`, `order`, `export=1` as every paginated staff
 *        list (list-sort.ts); an export is audited.
 * - POST /admin/api/content/news/save {slug?, language, category_id, title, desc, logo, content} -> StaffNewsVersion
 *        category and cover are the story's: saving one version sets them on every version. A new
 *        story's first version is its default-language version (`is_default`).
 * - POST /admin/api/content/news/publish {slug, language?, published} -> StaffNewsStory
 *        one version, or every version when language is absent; publishing dates it now.
 * - POST /admin/api/content/news/delete {id}         -> StaffDeleted  a draft version only, and the
 *        default-language version only when it is the story's last
 * - GET  /admin/api/content/news/preview?id          -> NewsDetail   exactly what the customer app gets
 * - the same five for announcements under /content/announcements (no category, summary or cover)
 * - GET  /admin/api/content/companies                -> StaffCompany[]
 * - POST /admin/api/content/companies/save {id?, name, logo, url, subject, registered_address, location, email, sort} -> StaffCompany
 * - GET  /admin/api/content/company_settings         -> StaffCompanySettings
 * - POST /admin/api/content/company_settings/save {company_name, complaint_email} -> StaffCompanySettings
 */

export const ContentLanguage = z.enum(LANGUAGES, { error: 'validation.invalid_choice' });

/** A story's name, made by the server (`news-20261124-3f9a1c`). */
export const storySlug = () => patternText(/^[a-z0-9][a-z0-9-]{0,79}$/, 'validation.invalid_format');

/**
 * A picture's address: our own path (`/api/content/art/markets.svg`) or an https address. No
 * quotes, spaces or angle brackets, so it cannot leave the attribute it is written into.
 */
export const imageAddress = () =>
  // Our path may not start with `//` (a protocol-relative address elsewhere): written without a
  // lookahead, which JSON Schema consumers (and the fuzz's generator) do not all support.
  patternText(/^(\/|\/[^/\s"'<>\\][^\s"'<>\\]*|https:\/\/[^\s"'<>\\]*)$/, 'validation.invalid_format').max(
    LIMITS.contentImageLengthMax,
  );

/** The story's HTML as the editor sends it; bounded here, sanitized by the server. */
export const contentHtml = () =>
  multilineText(LIMITS.contentHtmlLengthMax).min(1, { error: 'validation.required' });

export const StaffStoryQuery = z.object({
  ...pagingFields(LIMITS.contentStaffPageSizeDefault),
  t: cacheBuster,
  ...listSortFields(StorySortKey),
});
export type StaffStoryQuery = z.infer<typeof StaffStoryQuery>;

/** A story as the back office lists it: its slug and every language version of it. */
const storyOf = <Version extends z.ZodType>(version: Version) =>
  z.object({ slug: serverText(), versions: z.array(version) });

export const StaffIdQuery = rowRequest({});
export const StaffIdRequest = rowRequest({});

/** A built-in cover picture. */
export const ContentCover = z.object({ name: serverText(), url: serverText() });

export const StaffContentOptions = z.object({
  categories: z.array(NewsCategory),
  covers: z.array(ContentCover),
});
export type StaffContentOptions = z.infer<typeof StaffContentOptions>;

/** One language version of a news story, as stored (its HTML already sanitized). */
export const StaffNewsVersion = z.object({
  id: z.number().int(),
  slug: serverText(),
  language: serverText(),
  category_id: z.number().int(),
  title: serverText(),
  desc: serverText(),
  logo: serverText(),
  content: serverText(),
  published: z.boolean(),
  /** ISO 8601: when it was published, or saved while a draft. */
  published_at: serverText(),
  /** The story's default-language version (its first): readers without their own language get it. */
  is_default: z.boolean(),
});
export type StaffNewsVersion = z.infer<typeof StaffNewsVersion>;

export const StaffNewsStory = storyOf(StaffNewsVersion);
export type StaffNewsStory = z.infer<typeof StaffNewsStory>;

export const StaffNewsPage = pageOf(StaffNewsStory);
export type StaffNewsPage = z.infer<typeof StaffNewsPage>;

export const SaveNewsRequest = z.object({
  /** Absent: a new story. */
  slug: storySlug().optional(),
  language: ContentLanguage,
  category_id: positiveId(),
  title: requiredText(LIMITS.contentTitleLengthMax),
  desc: text(LIMITS.contentSummaryLengthMax),
  logo: imageAddress(),
  content: contentHtml(),
  t: cacheBuster,
});
export type SaveNewsRequest = z.infer<typeof SaveNewsRequest>;

export const PublishStoryRequest = z.object({
  slug: storySlug(),
  /** Absent: every version of the story. */
  language: ContentLanguage.optional(),
  published: flag(),
  t: cacheBuster,
});
export type PublishStoryRequest = z.infer<typeof PublishStoryRequest>;

export const StaffDeleted = z.object({ id: z.number().int(), slug: serverText() });

export const StaffAnnouncementVersion = z.object({
  id: z.number().int(),
  slug: serverText(),
  language: serverText(),
  title: serverText(),
  content: serverText(),
  published: z.boolean(),
  published_at: serverText(),
});
export type StaffAnnouncementVersion = z.infer<typeof StaffAnnouncementVersion>;

export const StaffAnnouncementStory = storyOf(StaffAnnouncementVersion);
export type StaffAnnouncementStory = z.infer<typeof StaffAnnouncementStory>;

export const StaffAnnouncementPage = pageOf(StaffAnnouncementStory);
export type StaffAnnouncementPage = z.infer<typeof StaffAnnouncementPage>;

export const SaveAnnouncementRequest = z.object({
  slug: storySlug().optional(),
  language: ContentLanguage,
  title: requiredText(LIMITS.contentTitleLengthMax),
  content: contentHtml(),
  t: cacheBuster,
});
export type SaveAnnouncementRequest = z.infer<typeof SaveAnnouncementRequest>;

/** A company of the group as the back office edits it (the customer app's /product page). */
export const StaffCompany = z.object({
  id: z.number().int(),
  slug: serverText(),
  ...companyTexts(),
  sort: z.number().int(),
});
export type StaffCompany = z.infer<typeof StaffCompany>;

export const StaffCompanyList = z.array(StaffCompany);

export const SaveCompanyRequest = z.object({
  /** Absent: a new company. */
  id: positiveId().optional(),
  name: requiredText(LIMITS.companyFieldLengthMax),
  logo: imageAddress(),
  url: patternText(/^(https:\/\/[^\s"'<>\\]+)?$/, 'validation.invalid_format').max(
    LIMITS.companyFieldLengthMax,
  ),
  subject: text(LIMITS.companyFieldLengthMax),
  registered_address: text(LIMITS.companyFieldLengthMax),
  location: text(LIMITS.companyFieldLengthMax),
  email: z.union([z.literal(''), email()]),
  sort: wholeNumber().min(0).max(10_000),
  t: cacheBuster,
});
export type SaveCompanyRequest = z.infer<typeof SaveCompanyRequest>;

/** The company name and complaint e-mail the customer app shows (`/mine/email`). */
export const StaffCompanySettings = z.object({ company_name: serverText(), complaint_email: serverText() });
export type StaffCompanySettings = z.infer<typeof StaffCompanySettings>;

export const SaveCompanySettingsRequest = z.object({
  company_name: requiredText(LIMITS.companyFieldLengthMax),
  complaint_email: email(),
  t: cacheBuster,
});
export type SaveCompanySettingsRequest = z.infer<typeof SaveCompanySettingsRequest>;
