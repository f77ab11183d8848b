import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { type OutgoingMessage, PermanentDeliveryError, type Transport } from './delivery';
import { DEFAULT_BRAND } from './templates/message-texts';
import { renderEmail } from './templates/render-email';

/**
 * Bounds on a slow or silent SMTP server, so one cannot hold the sender's loop: nodemailer's own
 * defaults are minutes long. An operator can still change them in SMTP_URL's query
 * (`?socketTimeout=60000`), which nodemailer reads over these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Few connections: transactional mail is a trickle, and providers limit connections per client. */
const SMTP_CONNECTIONS_MAX = 2;

type SmtpFailure = Error & { responseCode?: number; command?: string; response?: string };

/** The address and display name of MAIL_FROM (`Meridian <no-reply@broker.example>`). */
function parseSender(from: string): { address: string; name: string; domain: string } {
  const [first] = addressparser(from, { flatten: true });
  const address = first?.address ?? '';
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) {
    throw new Error(
      `MAIL_FROM must hold an e-mail address (name <address@domain>), not ${JSON.stringify(from)}`,
    );
  }
  return { address, name: first?.name ?? '', domain: address.slice(at + 1) };
}

/**
 * A message-id made of the outbox row's id: after a crash between the server's acceptance and the
 * row being marked sent, the row goes out again with the same id, which receivers and mailbox
 * providers use to drop the copy.
 */
function outboxMessageId(id: string, domain: string): string {
  return `<outbox-${id.replace(/[^A-Za-z0-9._-]/g, '_')}@${domain}>`;
}

/**
 * A reply in the 5xx range to the recipient or to the message itself: this address or this message
 * will not be taken however often it is tried. Refusals that come from the sender's own setup (no
 * or wrong credentials, relaying denied, the sender refused) stay retryable: they fail every
 * message alike and end when the operator fixes the configuration, and the rows must survive that.
 */
function isPermanentSmtpFailure(error: SmtpFailure): boolean {
  const code = error.responseCode;
  if (code === undefined || code < 500 || code > 599) return false;
  if (error.command !== 'RCPT TO' && error.command !== 'DATA') return false;
  const reply = error.response ?? '';
  if (code === 530 || /\b5\.7\.0\b/.test(reply) || /relay/i.test(reply)) return false;
  return true;
}

/**
 * E-mail through an SMTP server (SMTP_URL, MAIL_FROM): `smtps://` for TLS from the start,
 * `smtp://` for STARTTLS when the server offers it (`?requireTLS=true` to insist). Each message has
 * a plain-text and an HTML part in the recipient's language. A 5xx refusal of the recipient is a
 * PermanentDeliveryError; anything else (the server down, a timeout, a 4xx "try later") is thrown
 * as it is, for the sender to try again.
 */
export function createSmtpTransport(options: { url: string; from: string }): Transport {
  const sender = parseSender(options.from);
  const brand = sender.name.trim() || DEFAULT_BRAND;
  const mailer = createTransport({
    url: options.url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS_MAX,
    ...SMTP_TIMEOUTS,
    // The messages are built from text only; nothing should read a file or a URL into one.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    async deliver(message: OutgoingMessage) {
      const email = renderEmail(message, brand);
      try {
        await mailer.sendMail({
          from: options.from,
          to: message.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: outboxMessageId(message.id, sender.domain),
          date: new Date(message.at),
          headers: {
            'Content-Language': email.languageTag,
            // RFC 3834: no vacation or out-of-office replies to an automatic message.
            'Auto-Submitted': 'auto-generated',
          },
        });
      } catch (error) {
        if (error instanceof Error && isPermanentSmtpFailure(error as SmtpFailure)) {
          throw new PermanentDeliveryError(`the SMTP server refused the message for good: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      }
    },
    async close() {
      mailer.close();
    },
  };
}
