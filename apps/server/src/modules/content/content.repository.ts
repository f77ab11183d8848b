import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { announcements, companies, news, newsCategories } from '../../db/schema';

export type NewsRow = typeof news.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function listNewsCategories(db: DbOrTx) {
  return db.select().from(newsCategories).orderBy(asc(newsCategories.sort));
}

/** News and announcements keep one row per story (slug) and language, with the same columns to read. */
type LocalizedTable = typeof news | typeof announcements;

/** Rank of a row's language: the reader's first, English second (the fallback). */
const preference = (column: LocalizedTable['language'], language: string) =>
  sql`case when ${column} = ${language} then 0 else 1 end`;

/**
 * One version of each story of the table that passes `filter`: in `language` where it exists,
 * otherwise in English. Newest first, one page of them, with the number of stories in all.
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
    .where(and(inArray(table.language, [query.language, 'en']), filter))
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

/** The version of a story in `language`, else English, else whichever exists. */
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
    .where(eq(table.slug, slug))
    .orderBy(
      sql`case when ${table.language} = ${language} then 0 when ${table.language} = 'en' then 1 else 2 end`,
    )
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
  const rows = await db.select().from(news).where(eq(news.id, id));
  return rows[0];
}

export async function findNewsVersion(
  db: DbOrTx,
  slug: string,
  language: string,
): Promise<NewsRow | undefined> {
  return findLocalizedVersion(db, news, slug, language);
}

export async function insertNews(db: DbOrTx, values: typeof news.$inferInsert): Promise<NewsRow> {
  const rows = await db.insert(news).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into news returned no row');
  return row;
}

export async function listLocalizedAnnouncements(
  db: DbOrTx,
  query: { language: string; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  return listLocalized(db, announcements, query);
}

export async function findAnnouncementById(db: DbOrTx, id: number): Promise<AnnouncementRow | undefined> {
  const rows = await db.select().from(announcements).where(eq(announcements.id, id));
  return rows[0];
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
