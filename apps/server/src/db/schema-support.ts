import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userReference } from './schema-core';
import { staffAccounts } from './schema-staff';
import { uploads } from './schema-uploads';

/** One customer-service conversation per user, made at their first message. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id').unique(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message each side has read; unread counts are the other side's messages after it. */
    userReadMessageId: bigint('user_read_message_id', { mode: 'number' }).notNull().default(0),
    agentReadMessageId: bigint('agent_read_message_id', { mode: 'number' }).notNull().default(0),
    /** Set when an agent closes the conversation; the customer's next message opens it again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByStaffId: integer('closed_by_staff_id').references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_conversations_recent_idx').on(table.lastMessageAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender').notNull(),
    /** The agent who wrote an agent message. */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    text: text('text').notNull().default(''),
    uploadId: integer('upload_id').references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_conversation_idx').on(table.conversationId, table.id),
    check('support_messages_sender', sql`${table.sender} in ('user', 'agent')`),
    check('support_messages_agent', sql`(${table.sender} = 'agent') = (${table.staffId} is not null)`),
    check('support_messages_not_empty', sql`${table.text} <> '' or ${table.uploadId} is not null`),
  ],
);
