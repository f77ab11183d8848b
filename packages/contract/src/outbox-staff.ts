import { z } from 'zod';
import { cacheBuster, serverText, text } from './fields';
import { LIMITS } from './limits';
import { listSortFields, OutboxSortKey } from './list-sort';
import { pagingFields } from './paging';

/**
 * The outbox viewer: every message to a customer (verification codes and notices) as the outbox
 * table holds it, with its delivery state, under /admin/api behind the staff guard, permission
 * `outbox.read` (admins). Every read is audited.
 *
 * - GET /admin/api/outbox?page&limit&to&status -> OutboxPage, newest first. `to` keeps the messages
 *   whose address contains it (case does not matter); `status` keeps one delivery state. `sort`,
 *   `order` and `export=1` as every paginated staff list (list-sort.ts); an export also answers
 *   `total` (a page read does not count: the table may be large).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OutboxQuery = z.object({
  ...pagingFields(LIMITS.outboxPageSizeDefault),
  to: text(LIMITS.emailLengthMax).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  t: cacheBuster,
  ...listSortFields(OutboxSortKey),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxEntry = z.object({
  /** The message's id, its idempotency key (the e-mail's Message-ID, the SMS webhook's id). */
  id: serverText(),
  /** When its cause happened, ISO 8601. */
  at: serverText(),
  channel: z.enum(['email', 'sms']),
  to: serverText(),
  /** code: a verification code; notice: a message about the account. */
  kind: z.enum(['code', 'notice']),
  /** A code's purpose (1 register, 2 reset, 3 change password) or a notice's name. */
  type: serverText(),
  /** The verification code; empty for a notice. */
  code: serverText(),
  /** The notice's text in the customer's language; empty for a code. */
  text: serverText(),
  /** pending (waiting for its next try), sending, sent, failed (given up). */
  status: z.enum(OUTBOX_STATUSES),
  /** Tries so far. */
  attempts: z.number().int(),
  /** The last failed try's error; empty when none. */
  last_error: serverText(),
  /** What delivered it or gave up (`file`, `smtp`, `sms-webhook`); empty before. */
  transport: serverText(),
  /** When it was delivered, ISO 8601; empty before. */
  sent_at: serverText(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxPage = z.object({
  list: z.array(OutboxEntry),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  /** Only with `export=1`: how many messages the filter keeps (more than `list` when the export was cut). */
  total: z.number().int().optional(),
});
export type OutboxPage = z.infer<typeof OutboxPage>;
