import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userReference } from './schema-core';
import { staffAccounts } from './schema-staff';

/**
 * The terms of business and the risk warning: one row per published version,
 * never changed or deleted afterwards (a new text is a new version), so every acceptance names a
 * text that can still be read. `texts` maps a language code to its `{title, content}` (plain text).
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    texts: jsonb('texts').$type<Record<string, { title: string; content: string }>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Null for the installation's first version (seeded). */
    publishedByStaffId: integer('published_by_staff_id').references(() => staffAccounts.id),
  },
  (table) => [
    uniqueIndex('legal_documents_kind_version_unique').on(table.kind, table.version),
    check('legal_documents_kind', sql`${table.kind} in ('terms', 'risk')`),
    check('legal_documents_version_positive', sql`${table.version} > 0`),
  ],
);

/** Which version of each document a customer accepted, and when (at sign-up). */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    userId: userReference('user_id'),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.version] }),
    foreignKey({
      name: 'legal_acceptances_document_fk',
      columns: [table.kind, table.version],
      foreignColumns: [legalDocuments.kind, legalDocuments.version],
    }),
  ],
);
