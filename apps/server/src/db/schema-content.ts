import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** News categories, named in every language. */
export const newsCategories = pgTable('news_categories', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  sort: integer('sort').notNull(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
});

/**
 * News: one row per story (`slug`) and language. One version of each story is its default-language
 * version (`is_default`, the first one written): a reader gets each story in their language, or in
 * its default language when it has no such version. `content` is sanitized HTML (again when read).
 */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    logo: text('logo').notNull(),
    content: text('content').notNull(),
    /** False for a draft or a story taken down: customers never see it. */
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The story's default-language version: required, at most one per story (migration 0015). */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [
    uniqueIndex('news_slug_language_unique').on(table.slug, table.language),
    uniqueIndex('news_story_default_unique').on(table.slug).where(sql`${table.isDefault}`),
    index('news_recent_idx').on(table.language, table.publishedAt),
  ],
);

/** Announcements (`/mine/announcement`): one row per notice and language, like news. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** False for a draft or a story taken down: customers never see it. */
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('announcements_slug_language_unique').on(table.slug, table.language),
    index('announcements_recent_idx').on(table.language, table.publishedAt),
  ],
);

/** Our group's companies shown on /product. */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  url: text('url').notNull(),
  subject: text('subject').notNull(),
  registeredAddress: text('registered_address').notNull(),
  location: text('location').notNull(),
  email: text('email').notNull(),
  sort: integer('sort').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
