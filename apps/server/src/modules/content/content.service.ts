import type {
  Announcement,
  AnnouncementList,
  Company,
  CompanyStatus,
  NewsCategory,
  NewsDetail,
  NewsItem,
  NewsList,
} from '@meridian/contract/content';
import { COMPANY_STATUS } from '@meridian/contract/content';
import type { Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { getSetting } from '../settings/settings.public';
import * as repository from './content.repository';
import { artPath } from './content-art';
import { ANNOUNCEMENTS, COMPANIES, NEWS, NEWS_CATEGORIES } from './content-seed';
import { plainText, sanitizeContentHtml } from './sanitize';

type Page = { page: number; limit: number };

export async function listNewsCategories(
  context: ServerContext,
  language: Language,
): Promise<NewsCategory[]> {
  const rows = await repository.listNewsCategories(context.db);
  return rows.map((row) => ({ id: row.id, name: row.names[language] ?? row.names.en ?? row.key }));
}

function newsItem(row: repository.NewsRow): NewsItem {
  return {
    id: row.id,
    category_id: row.categoryId,
    language: row.language,
    title: row.title,
    desc: row.description,
    logo: row.logo,
    created_at: row.publishedAt.toISOString(),
  };
}

/** A page of news in the reader's language (the default language's where a story has no such version). */
export async function listNews(
  context: ServerContext,
  language: Language,
  query: Page & { category_id?: number | undefined },
): Promise<NewsList> {
  const { rows, total } = await repository.listLocalizedNews(context.db, {
    language,
    categoryId: query.category_id || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { list: rows.map(newsItem), total, page: query.page, limit: query.limit };
}

/**
 * One story with its content, in the reader's language where it exists, else in its default
 * language (the id may name another language's version: a reader who switched language still gets
 * theirs). The HTML is sanitized
 * again on the way out, so content stored before a rule was tightened is still served safe.
 */
export async function newsDetail(
  context: ServerContext,
  language: Language,
  id: number,
): Promise<NewsDetail> {
  const named = await repository.findNewsById(context.db, id);
  const row = named ? await repository.findNewsVersion(context.db, named.slug, language) : undefined;
  if (!row) throw new Rejection('error.news_unknown');
  return newsDetailOf(row);
}

/** A story version exactly as the customer app receives it (the back office's preview uses it too). */
export function newsDetailOf(row: repository.NewsRow): NewsDetail {
  return { ...newsItem(row), content: sanitizeContentHtml(row.content) };
}

type NewsInput = {
  slug: string;
  language: Language;
  categoryId: number;
  title: string;
  desc: string;
  logo: string;
  content: string;
  publishedAt: Date;
  /** The story's default-language version (false: a translation). */
  isDefault?: boolean;
};

/** Stores a story version; its HTML is sanitized before it is written. */
export async function createNews(db: DbOrTx, input: NewsInput): Promise<NewsDetail> {
  if (input.content.length > LIMITS.contentHtmlLengthMax) throw new Rejection('error.too_large');
  const row = await repository.insertNews(db, {
    slug: input.slug,
    language: input.language,
    categoryId: input.categoryId,
    title: plainText(input.title),
    description: plainText(input.desc),
    logo: input.logo,
    content: sanitizeContentHtml(input.content),
    publishedAt: input.publishedAt,
    isDefault: input.isDefault ?? false,
  });
  return { ...newsItem(row), content: row.content };
}

/** An announcement version exactly as the customer app receives it. */
export function announcement(row: repository.AnnouncementRow): Announcement {
  return {
    id: row.id,
    language: row.language,
    title: row.title,
    content: sanitizeContentHtml(row.content),
    created_at: row.publishedAt.toISOString(),
  };
}

export async function listAnnouncements(
  context: ServerContext,
  language: Language,
  query: Page,
): Promise<AnnouncementList> {
  const { rows, total } = await repository.listLocalizedAnnouncements(context.db, {
    language,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { list: rows.map(announcement), total, page: query.page, limit: query.limit };
}

export async function announcementDetail(
  context: ServerContext,
  language: Language,
  id: number,
): Promise<Announcement> {
  const named = await repository.findAnnouncementById(context.db, id);
  const row = named ? await repository.findAnnouncementVersion(context.db, named.slug, language) : undefined;
  if (!row) throw new Rejection('error.announcement_unknown');
  return announcement(row);
}

export async function complaintEmail(
  context: ServerContext,
): Promise<{ email: string; company_name: string }> {
  return {
    email: await getSetting(context.db, 'complaint_email'),
    company_name: await getSetting(context.db, 'company_name'),
  };
}

export async function searchCompanies(context: ServerContext, name: string | undefined): Promise<Company[]> {
  const rows = await repository.searchCompanies(
    context.db,
    name?.trim() ?? '',
    LIMITS.companySearchResultsMax,
  );
  return rows.map(companyOf);
}

/** A company as customers see it (the back office adds its slug and its place in the list). */
export function companyOf(row: repository.CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    url: row.url,
    subject: row.subject,
    registered_address: row.registeredAddress,
    location: row.location,
    email: row.email,
  };
}

/** Spec section 7: 0 = normal; any other status sends the browser to loss_url (a setting each). */
export async function companyStatus(context: ServerContext): Promise<CompanyStatus> {
  const status = Number.parseInt(await getSetting(context.db, 'company_status'), 10);
  const normal = !Number.isFinite(status) || status === COMPANY_STATUS.normal;
  return {
    status: normal ? COMPANY_STATUS.normal : status,
    loss_url: normal ? '' : await getSetting(context.db, 'company_loss_url'),
  };
}

/** A seeded story's default language: English, else its first version's. */
function seedDefaultLanguage(versions: Record<string, unknown>): string {
  return Object.hasOwn(versions, 'en') ? 'en' : (Object.keys(versions)[0] ?? 'en');
}

/** Seeds categories, news, announcements and companies; adds only what is missing. */
export async function seedContent(db: DbOrTx): Promise<void> {
  await repository.insertMissingNewsCategories(db, NEWS_CATEGORIES);
  const categoryIds = new Map(NEWS_CATEGORIES.map((category) => [category.key, category.id]));
  await repository.insertMissingNews(
    db,
    NEWS.flatMap((story) =>
      Object.entries(story.versions).map(([language, version]) => ({
        slug: story.slug,
        language,
        // The seeded stories were written in English first: that is their default language.
        isDefault: language === seedDefaultLanguage(story.versions),
        categoryId: categoryIds.get(story.categoryKey) ?? 1,
        title: version.title,
        description: version.desc,
        logo: artPath(story.art),
        content: sanitizeContentHtml(version.content),
        publishedAt: new Date(story.publishedAt),
      })),
    ),
  );
  await repository.insertMissingAnnouncements(
    db,
    ANNOUNCEMENTS.flatMap((notice) =>
      Object.entries(notice.versions).map(([language, version]) => ({
        slug: notice.slug,
        language,
        title: version.title,
        content: sanitizeContentHtml(version.content),
        publishedAt: new Date(notice.publishedAt),
      })),
    ),
  );
  await repository.insertMissingCompanies(
    db,
    COMPANIES.map((company) => ({
      slug: company.slug,
      name: company.name,
      logo: artPath(company.art),
      url: company.url,
      subject: company.subject,
      registeredAddress: company.registeredAddress,
      location: company.location,
      email: company.email,
      sort: company.sort,
    })),
  );
}
