import type { Language } from '@meridian/contract/languages';
import type { MessageChannel } from '../../messages';

/**
 * One outgoing message as the outbox table holds it and hands it to a transport. The
 * outbox row is written in the same transaction as its cause; the sender claims due rows and passes
 * each to the transport of its channel. Transports render the recipient's language themselves
 * (templates), so a row stores facts (the code, the notice's key and parameters), not finished text.
 */
export type OutgoingMessage = {
  /** The outbox row's id; a transport may use it as an idempotency key (the webhook sends it). */
  id: string;
  channel: MessageChannel;
  /** An e-mail address, or a mobile number with its calling code (`+85291234567`). */
  to: string;
  /** The recipient's language (the customer's stored one, or the request's for a new sign-up). */
  language: Language;
} & (
  | {
      kind: 'code';
      /** The code's purpose: 1 register, 2 reset, 3 change password. */
      purpose: number;
      code: string;
    }
  | {
      kind: 'notice';
      /** The notice's type, e.g. `funds.deposit_approved`, `kyc.verified`. */
      type: string;
      /** The server message key of the notice's sentence (`notice.identity_verified`). */
      key: string;
      /** The sentence's parameters (amounts as decimal strings). */
      params: Record<string, string | number>;
    }
) & {
    /** When the cause happened (the row's creation), ISO 8601. */
    at: string;
    /**
     * Which try this is (1 for the first). Above 1 an earlier try may have reached the receiver (a
     * node died mid-delivery, a reply was lost), so a transport that can look first does (the file
     * transport), and the others rely on the receiver dropping a repeated id.
     */
    attempt?: number;
  };

/**
 * Delivers one message on one channel. Resolves when the provider accepted it; throws to have the
 * sender retry later with backoff, or throws a `PermanentDeliveryError` when retrying cannot help
 * (an address the provider refuses for good), which marks the row failed at once.
 */
export type Transport = {
  /** For logs, metrics and the back office: `file`, `smtp`, `sms-webhook`. */
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
};

/** A refusal that retrying cannot change (a 5xx SMTP reply to the recipient, a 4xx from the webhook). */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}
