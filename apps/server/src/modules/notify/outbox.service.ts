import { randomUUID } from 'node:crypto';
import { type Language, normalizeLanguage } from '@meridian/contract/languages';
import type { UserId } from '@meridian/domain/ids';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/database';
import type { MessageChannel } from '../../messages';
import { type OutgoingMessage, PermanentDeliveryError } from './delivery';
import * as repository from './outbox.repository';

// Writing messages into the outbox, inside their cause's transaction. The sender
// (outbox-sender.ts) delivers them once that transaction has committed; the producer emits
// `outbox.queued` after its commit so that the sender on this node looks at once.

/** A message to queue: the facts of a code or a notice, never finished text. */
type NewMessage = {
  channel: MessageChannel;
  to: string;
  language: Language;
  /** The cause's moment: the row's creation and first due time. */
  at: Date;
} & (
  | { kind: 'code'; purpose: number; code: string }
  | { kind: 'notice'; type: string; key: string; params: Record<string, string | number> }
);

/** Writes one message in the caller's transaction; answers its id (the idempotency key). */
export async function queueMessage(tx: Tx, message: NewMessage): Promise<string> {
  const id = randomUUID();
  await repository.insertMessage(tx, {
    id,
    channel: message.channel,
    recipient: message.to,
    language: message.language,
    kind: message.kind,
    payload:
      message.kind === 'code'
        ? { purpose: message.purpose, code: message.code }
        : { type: message.type, key: message.key, params: message.params },
    status: 'pending',
    attempts: 0,
    nextAttemptAt: message.at,
    createdAt: message.at,
  });
  return id;
}

/** A notice to a customer about their account, without the address: the outbox looks it up. */
export type CustomerNotice = {
  userId: UserId;
  /** The notice's type (`funds.deposit_approved`, `kyc.verified`). */
  type: string;
  /** The server message key of its sentence, rendered in the customer's language on delivery. */
  key: string;
  params: Record<string, string | number>;
  at: Date;
};

/**
 * Queues a notice in the customer's stored language, to their e-mail, or by SMS to a customer
 * registered by mobile only; inside the transaction of the outcome it tells of.
 */
export async function queueCustomerNotice(tx: Tx, notice: CustomerNotice): Promise<string> {
  const contact = await repository.customerContact(tx, notice.userId);
  if (!contact) throw new Error(`user ${notice.userId} of a notice not found`);
  const destination = contact.email
    ? { channel: 'email' as const, to: contact.email }
    : contact.mobile
      ? { channel: 'sms' as const, to: `${contact.globalCode ?? ''}${contact.mobile}` }
      : undefined;
  // The users table requires an e-mail or a number for every real user.
  if (!destination) throw new Error(`user ${notice.userId} has no address for notices`);
  return queueMessage(tx, {
    ...destination,
    language: normalizeLanguage(contact.language),
    kind: 'notice',
    type: notice.type,
    key: notice.key,
    params: notice.params,
    at: notice.at,
  });
}

const CodePayload = z.object({ purpose: z.number().int(), code: z.string() });
const NoticePayload = z.object({
  type: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** A claimed row as the transport's message. */
export function messageOf(row: repository.ClaimedRow): OutgoingMessage {
  const base = {
    id: row.id,
    channel: row.channel as MessageChannel,
    to: row.recipient,
    language: normalizeLanguage(row.language),
    at: new Date(row.created_at).toISOString(),
    attempt: row.attempts,
  };
  if (row.kind === 'code') {
    const payload = CodePayload.safeParse(row.payload);
    if (payload.success) return { ...base, kind: 'code', ...payload.data };
  } else if (row.kind === 'notice') {
    const payload = NoticePayload.safeParse(row.payload);
    if (payload.success) return { ...base, kind: 'notice', ...payload.data };
  }
  // Retrying cannot mend a row that is not a message.
  throw new PermanentDeliveryError(`outbox row ${row.id} holds no ${row.kind} message`);
}

/** How many messages wait for delivery and how many were given up on (the metrics' gauges). */
export function countUndeliveredMessages(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  return repository.countUndelivered(db);
}
