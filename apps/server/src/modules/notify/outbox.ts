import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export type MessageChannel = 'email' | 'sms';

/** One verification code on its way to a person; the outbox line has exactly these fields. */
export type CodeMessage = {
  channel: MessageChannel;
  /** An e-mail address, or a mobile number with its calling code (`+85291234567`). */
  to: string;
  /** The code's purpose: 1 register, 2 reset, 3 change password. */
  type: number;
  code: string;
  /** When it was sent, ISO 8601. */
  at: string;
};

/**
 * Where codes go. Today the only implementation is the outbox file; an SMTP or SMS provider
 * adapter will implement the same interface and be chosen at start.
 */
export type MessageSender = {
  sendCode(message: CodeMessage): Promise<void>;
};

export const OUTBOX_FILE_NAME = 'outbox.jsonl';

/**
 * Appends each message as one JSON line to DATA_DIR/outbox.jsonl, which the back office shows.
 * An append of one short line is a single write, so concurrent senders do not interleave lines.
 */
export function createOutboxSender(dataDir: string): MessageSender {
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  let folderReady: Promise<unknown> | undefined;
  return {
    async sendCode(message) {
      folderReady ??= mkdir(dataDir, { recursive: true });
      await folderReady;
      const line = JSON.stringify({
        channel: message.channel,
        to: message.to,
        type: message.type,
        code: message.code,
        at: message.at,
      });
      await appendFile(file, `${line}\n`, 'utf8');
    },
  };
}
