import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userReference } from './schema-core';
import { staffAccounts } from './schema-staff';
import { uploads } from './schema-uploads';

/**
 * Real-name submissions, every one kept (a rejected one stays as history). A user's state is that
 * of their newest submission, or `none` without any.
 */
export const realNameSubmissions = pgTable(
  'real_name_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    name: text('name').notNull(),
    cardId: text('card_id').notNull(),
    frontUploadId: integer('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    reverseUploadId: integer('reverse_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status').notNull(),
    reason: text('reason'),
    reviewedByStaffId: integer('reviewed_by_staff_id').references(() => staffAccounts.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('real_name_submissions_user_idx').on(table.userId, table.id),
    // The second check of "no resubmission while waiting or after approval" (the state machine is
    // the first): two submissions racing cannot both be live.
    uniqueIndex('real_name_submissions_live_unique')
      .on(table.userId)
      .where(sql`${table.status} in ('pending', 'verified')`),
    check('real_name_submissions_status', sql`${table.status} in ('pending', 'verified', 'rejected')`),
    check('real_name_submissions_two_photos', sql`${table.frontUploadId} <> ${table.reverseUploadId}`),
    check(
      'real_name_submissions_reason',
      sql`${table.status} <> 'rejected' or (${table.reason} is not null and ${table.reason} <> '')`,
    ),
  ],
);
