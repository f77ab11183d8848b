import { z } from 'zod';
import { limitField, pageField } from './content';
import { cacheBuster, serverText, text } from './fields';
import { LIMITS } from './limits';

/**
 * The outbox viewer: the messages written to DATA_DIR/outbox.jsonl when no e-mail or SMS provider
 * is configured (verification codes and notices), under /admin/api behind the staff guard,
 * permission `outbox.read` (admins). Every read is audited.
 *
 * - GET /admin/api/outbox?page&limit&to -> OutboxPage, newest first. `to` keeps the messages whose
 *   address contains it (case does not matter). The file is read from its end, at most a bounded
 *   number of bytes per call (`scan_truncated` says the oldest part was not reached); a line that
 *   is not a message is counted in `broken_lines` and skipped.
 */
export const OutboxQuery = z.object({
  page: pageField(),
  limit: limitField(LIMITS.outboxPageSizeDefault),
  to: text(LIMITS.emailLengthMax).optional(),
  t: cacheBuster,
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxEntry = z.object({
  /** ISO 8601, as written. */
  at: serverText(),
  channel: z.enum(['email', 'sms']),
  to: serverText(),
  /** code: a verification code; notice: a message about the account. */
  kind: z.enum(['code', 'notice']),
  /** A code's purpose (1 register, 2 reset, 3 change password) or a notice's name. */
  type: serverText(),
  /** The verification code; empty for a notice. */
  code: serverText(),
  /** The notice's text; empty for a code. */
  text: serverText(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxPage = z.object({
  list: z.array(OutboxEntry),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  /** Lines read for this page that were not a message (skipped). */
  broken_lines: z.number().int(),
  /** The read stopped at its byte budget before the file's beginning. */
  scan_truncated: z.boolean(),
});
export type OutboxPage = z.infer<typeof OutboxPage>;
