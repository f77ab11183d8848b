import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message to a customer (verification codes, notices of outcomes), written in the same
 * transaction as its cause and delivered afterwards by the sender on the leading node
 * (docs/operations.md "Delivery"). A row holds facts, not finished text: the transport renders the
 * recipient's language. The id is the message's idempotency key (the e-mail's Message-ID, the SMS
 * webhook's id), so a receiver can drop a redelivery.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    /** The order rows were written in (ids are random): the claim's tie-break and the list's order. */
    sequence: bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** An e-mail address, or a mobile number with its calling code. */
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    /** `code` (payload: purpose, code) or `notice` (payload: type, key, params). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    /** Deliveries begun (each claim counts one, committed before the transport is called). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the row is next due: for `pending`, its next try; for `sending`, the end of the claim's
     * lease, after which a row whose node died mid-delivery is claimed again.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    /** The transport that delivered it (`file`, `smtp`, `sms-webhook`). */
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The sender's claim: due rows in the order they fell due, only among those still to deliver.
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    // The back office's list, newest first.
    index('outbox_messages_sequence_idx').on(table.sequence),
    check('outbox_messages_channel', sql`${table.channel} in ('email', 'sms')`),
    check('outbox_messages_kind', sql`${table.kind} in ('code', 'notice')`),
    check('outbox_messages_status', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    check('outbox_messages_attempts', sql`${table.attempts} >= 0`),
    check('outbox_messages_last_error_length', sql`char_length(${table.lastError}) <= 1000`),
    check('outbox_messages_sent', sql`(${table.status} = 'sent') = (${table.sentAt} is not null)`),
  ],
);
