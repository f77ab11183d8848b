import type { SortOrder, StorySortKey } from '@meridian/contract/list-sort';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sortedBy } from '../../db/list-order';
import { findOne, insertOne } from '../../db/rows';
import { announcements, companies, news, newsCategories } from '../../db/schema';

export type NewsRow = typeof news.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function listNewsCategories(db: DbOrTx) {
  return db.select().from(newsCategories).orderBy(asc(newsCategories.sort));
}

/** News and announcements keep one row per story (slug) and language, with the same columns to read. */
type LocalizedTable = typeof news | typeof announcements;

/**
 * The version a reader falls back to when a story has none in their language: a news story's
 * default-language version; an announcement's English one.
 */
function fallbackOf(table: LocalizedTable): SQL {
  return table === news ? sql`${news.isDefault}` : sql`${table.language} = 'en'`;
}

/** Rank of a row's language: the reader's first, the fallback second. */
const preference = (column: LocalizedTable['language'], language: string) =>
  sql`case when ${column} = ${language} then 0 else 1 end`;

/**
 * One published version of each story of the table that passes `filter`: in `language` where it
 * is published, otherwise its fallback (`fallbackOf`; a draft translation does not hide a published
 * story). Newest first, one page of them, with the number of stories in all.
 */
function listLocalized<Table extends LocalizedTable>(
  db: DbOrTx,
  table: Table,
  query: { language: string; limit: number; offset: number },
  filter?: SQL,
): Promise<{ rows: Table['$inferSelect'][]; total: number }>;
// The body reads either table through their common columns; drizzle types it by the union.
async function listLocalized(
  db: DbOrTx,
  table: LocalizedTable,
  query: { language: string; limit: number; offset: number },
  filter?: SQL,
): Promise<{ rows: LocalizedTable['$inferSelect'][]; total: number }> {
  const localized = db
    .selectDistinctOn([table.slug])
    .from(table)
    .where(and(or(eq(table.language, query.language), fallbackOf(table)), eq(table.published, true), filter))
    .orderBy(table.slug, preference(table.language, query.language))
    .as('localized');
  const rows = await db
    .select()
    .from(localized)
    .orderBy(desc(localized.publishedAt), desc(localized.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(localized);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** The published version of a story in `language`, else its fallback (`fallbackOf`), else none. */
function findLocalizedVersion<Table extends LocalizedTable>(
  db: DbOrTx,
  table: Table,
  slug: string,
  language: string,
): Promise<Table['$inferSelect'] | undefined>;
async function findLocalizedVersion(
  db: DbOrTx,
  table: LocalizedTable,
  slug: string,
  language: string,
): Promise<LocalizedTable['$inferSelect'] | undefined> {
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.slug, slug),
        eq(table.published, true),
        or(eq(table.language, language), fallbackOf(table)),
      ),
    )
    .orderBy(preference(table.language, language))
    .limit(1);
  return rows[0];
}

/** One version of each news story, of one category or all; see `listLocalized`. */
export async function listLocalizedNews(
  db: DbOrTx,
  query: { language: string; categoryId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  const filter = query.categoryId ? eq(news.categoryId, query.categoryId) : undefined;
  return listLocalized(db, news, query, filter);
}

export async function findNewsById(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  return findOne(db, news, eq(news.id, id));
}

export async function findNewsVersion(
  db: DbOrTx,
  slug: string,
  language: string,
): Promise<NewsRow | undefined> {
  return findLocalizedVersion(db, news, slug, language);
}

export async function insertNews(db: DbOrTx, values: typeof news.$inferInsert): Promise<NewsRow> {
  return insertOne(db, news, values);
}

export async function listLocalizedAnnouncements(
  db: DbOrTx,
  query: { language: string; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  return listLocalized(db, announcements, query);
}

export async function findAnnouncementById(db: DbOrTx, id: number): Promise<AnnouncementRow | undefined> {
  return findOne(db, announcements, eq(announcements.id, id));
}

export async function findAnnouncementVersion(
  db: DbOrTx,
  slug: string,
  language: string,
): Promise<AnnouncementRow | undefined> {
  return findLocalizedVersion(db, announcements, slug, language);
}

/** Companies whose name contains the text, any case; `%` and `_` in it are plain characters. */
export async function searchCompanies(db: DbOrTx, text: string, limit: number): Promise<CompanyRow[]> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const where = text === '' ? undefined : ilike(companies.name, `%${escaped}%`);
  return db
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.sort), asc(companies.id))
    .limit(limit);
}

export async function insertMissingNewsCategories(db: DbOrTx, rows: (typeof newsCategories.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(newsCategories).values(rows).onConflictDoNothing();
}

export async function insertMissingNews(db: DbOrTx, rows: (typeof news.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(news).values(rows).onConflictDoNothing();
}

export async function insertMissingAnnouncements(db: DbOrTx, rows: (typeof announcements.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(announcements).values(rows).onConflictDoNothing();
}

export async function insertMissingCompanies(db: DbOrTx, rows: (typeof companies.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(companies).values(rows).onConflictDoNothing();
}

// The back office's reads and writes: every version, published or not.

/** A story's title as the back office's list shows it: the default version's, else English, else the first language's. */
function mainTitleOf(table: LocalizedTable): SQL {
  const byDefault = table === news ? sql`max(${news.title}) filter (where ${news.isDefault}), ` : sql``;
  return sql`coalesce(${byDefault}max(${table.title}) filter (where ${table.language} = 'en'), (array_agg(${table.title} order by ${table.language}))[1])`;
}

/** What each sortable column of the stories list sorts by, over a story's versions (the only columns a client can choose). */
function storySortColumns(table: LocalizedTable) {
  return {
    title: mainTitleOf(table),
    published_at: max(table.publishedAt),
    languages: count(),
    slug: table.slug,
  } as const;
}

type StoryPageQuery = {
  limit: number;
  offset: number;
  sort?: { key: StorySortKey; order: SortOrder } | undefined;
};

/**
 * A page of stories (slugs), the most recently dated first or by a column of the list (its slug
 * breaking ties), with every version of each and the number of stories in all.
 */
async function listStories(
  db: DbOrTx,
  table: LocalizedTable,
  query: StoryPageQuery,
): Promise<{ rows: LocalizedTable['$inferSelect'][]; total: number }> {
  const latest = max(table.publishedAt);
  const page = await db
    .select({ slug: table.slug })
    .from(table)
    .groupBy(table.slug)
    .orderBy(
      ...(query.sort
        ? sortedBy(storySortColumns(table), table.slug, query.sort)
        : [desc(latest), desc(table.slug)]),
    )
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: countDistinct(table.slug) }).from(table);
  const slugs = page.map((row) => row.slug);
  const rows = slugs.length === 0 ? [] : await db.select().from(table).where(inArray(table.slug, slugs));
  const order = new Map(slugs.map((slug, index) => [slug, index]));
  rows.sort(
    (a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0) || a.language.localeCompare(b.language),
  );
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function listNewsStories(db: DbOrTx, query: StoryPageQuery) {
  return (await listStories(db, news, query)) as { rows: NewsRow[]; total: number };
}

export async function listAnnouncementStories(db: DbOrTx, query: StoryPageQuery) {
  return (await listStories(db, announcements, query)) as { rows: AnnouncementRow[]; total: number };
}

/** Every version of a news story, locked for the transaction's change. */
export async function lockNewsStory(db: DbOrTx, slug: string): Promise<NewsRow[]> {
  return db.select().from(news).where(eq(news.slug, slug)).orderBy(asc(news.id)).for('update');
}

export async function lockAnnouncementStory(db: DbOrTx, slug: string): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(eq(announcements.slug, slug))
    .orderBy(asc(announcements.id))
    .for('update');
}

/** Inserts a version unless its story already has one in that language (then undefined). */
export async function insertNewsVersion(db: DbOrTx, values: typeof news.$inferInsert) {
  const rows = await db.insert(news).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function insertAnnouncementVersion(db: DbOrTx, values: typeof announcements.$inferInsert) {
  const rows = await db.insert(announcements).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateNewsVersion(
  db: DbOrTx,
  id: number,
  values: Partial<typeof news.$inferInsert>,
): Promise<NewsRow> {
  const rows = await db.update(news).set(values).where(eq(news.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`news ${id} vanished inside its transaction`);
  return row;
}

export async function updateAnnouncementVersion(
  db: DbOrTx,
  id: number,
  values: Partial<typeof announcements.$inferInsert>,
): Promise<AnnouncementRow> {
  const rows = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`announcement ${id} vanished inside its transaction`);
  return row;
}

export async function deleteNewsVersion(db: DbOrTx, id: number): Promise<void> {
  await db.delete(news).where(eq(news.id, id));
}

export async function deleteAnnouncementVersion(db: DbOrTx, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

export async function listAllCompanies(db: DbOrTx, limit: number): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.sort), asc(companies.id)).limit(limit);
}

export async function lockCompany(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  return findOne(db, companies, eq(companies.id, id), { lock: true });
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  return insertOne(db, companies, values);
}

export async function updateCompany(
  db: DbOrTx,
  id: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  const rows = await db.update(companies).set(values).where(eq(companies.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`company ${id} vanished inside its transaction`);
  return row;
}
