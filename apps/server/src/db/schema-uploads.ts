import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userReference } from './schema-core';

/**
 * Images users uploaded (identity photos, payment proofs, chat images), re-encoded and stored
 * under DATA_DIR/uploads/<name>. Every one is private to its owner (signed, expiring addresses).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: userReference('owner_user_id'),
    purpose: text('purpose').notNull(),
    /** Server-made: 32 random hex characters and the extension of the stored format. */
    name: text('name').notNull().unique(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * SHA-256 of the stored (re-encoded) bytes, hex: the same proof shown twice is found by it.
     * Rows stored before it have none and match nothing.
     */
    contentSha256: text('content_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerUserId, table.id),
    index('uploads_content_sha256_idx')
      .on(table.contentSha256)
      .where(sql`${table.contentSha256} is not null`),
    // 'unassigned': sent without a purpose, until its first use claims it.
    check('uploads_purpose', sql`${table.purpose} in ('kyc', 'proof', 'chat', 'unassigned')`),
    check('uploads_mime', sql`${table.mime} in ('image/jpeg', 'image/png', 'image/webp')`),
    check('uploads_dimensions', sql`${table.width} > 0 and ${table.height} > 0 and ${table.sizeBytes} > 0`),
  ],
);

/** Secrets the server makes for itself once (the image-address signing key), shared by every node. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
