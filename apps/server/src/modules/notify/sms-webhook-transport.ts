import { createHmac, timingSafeEqual } from 'node:crypto';
import { type OutgoingMessage, PermanentDeliveryError, type Transport } from './delivery';
import { renderSms } from './templates/render-sms';

/** How long one POST may take, answer included, before it counts as failed (and is retried). */
const SMS_WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of a refusal's body goes into the error (and so the log): enough to read why. */
const REFUSAL_TEXT_CHARS_MAX = 200;

/**
 * The JSON the webhook receives. `id` is the outbox row's id: the same message tried again (after a
 * timeout, or a crash before it was marked sent) carries the same id, so the receiver drops it.
 */
type SmsWebhookBody = {
  id: string;
  /** The mobile number with its calling code (`+85291234567`). */
  to: string;
  /** The recipient's language, in the platform's codes (`hk`, `en`, ... `id`). */
  language: string;
  /** The finished SMS text, one line, in that language. */
  text: string;
  at: string;
} & ({ kind: 'code'; purpose: number } | { kind: 'notice'; type: string });

/** `sha256=` and the hex HMAC-SHA256, under the shared secret, of `<timestamp>.<raw body>`. */
export function smsWebhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Checks `x-meridian-signature` against the raw body and `x-meridian-timestamp` as they arrived
 * (before any JSON parsing), in constant time. A receiver should also refuse a timestamp more than
 * a few minutes from its clock, and drop an `x-meridian-id` it has already handled.
 */
export function verifySmsWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  header: string | null | undefined,
): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(smsWebhookSignature(secret, timestamp, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function webhookBody(message: OutgoingMessage): SmsWebhookBody {
  const common = { id: message.id, to: message.to, language: message.language, text: renderSms(message) };
  return message.kind === 'code'
    ? { ...common, kind: 'code', purpose: message.purpose, at: message.at }
    : { ...common, kind: 'notice', type: message.type, at: message.at };
}

/**
 * A refusal retrying cannot change: the request itself is wrong for the provider (a number it does
 * not serve, a body it rejects). 408 (too slow) and 429 (too many) are the provider asking for later.
 */
function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

async function refusalText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.replace(/\s+/g, ' ').slice(0, REFUSAL_TEXT_CHARS_MAX);
}

/**
 * SMS through a provider's bridge: each message is POSTed as JSON (SmsWebhookBody) to
 * SMS_WEBHOOK_URL, signed with SMS_WEBHOOK_SECRET (see verifySmsWebhookSignature). A 2xx answer
 * means the provider took it; a 4xx other than 408 and 429 is a PermanentDeliveryError; anything
 * else (5xx, 408, 429, a redirect, no answer in time, no connection) is thrown to be retried.
 */
export function createSmsWebhookTransport(options: {
  url: string;
  secret: string;
  timeoutMs?: number;
}): Transport {
  const url = new URL(options.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SMS_WEBHOOK_URL must be an http(s) URL, not ${url.protocol}`);
  }
  if (options.secret === '') throw new Error('SMS_WEBHOOK_SECRET must not be empty');
  const timeoutMs = options.timeoutMs ?? SMS_WEBHOOK_TIMEOUT_MS;
  return {
    name: 'sms-webhook',
    async deliver(message: OutgoingMessage) {
      const body = JSON.stringify(webhookBody(message));
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-meridian-id': message.id,
          'x-meridian-timestamp': timestamp,
          'x-meridian-signature': smsWebhookSignature(options.secret, timestamp, body),
        },
        body,
        // A redirected POST would be re-sent as a GET without its body: an error to retry instead.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const why = `the SMS webhook answered ${response.status}: ${await refusalText(response)}`;
      if (isPermanentStatus(response.status)) throw new PermanentDeliveryError(why);
      throw new Error(why);
    },
  };
}
