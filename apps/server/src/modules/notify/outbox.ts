import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessageSender } from '../../messages';

export const OUTBOX_FILE_NAME = 'outbox.jsonl';

/**
 * Appends each message as one JSON line to DATA_DIR/outbox.jsonl, which the back office shows.
 * An append of one short line is a single write, so concurrent senders do not interleave lines.
 */
export function createOutboxSender(dataDir: string): MessageSender {
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  let folderReady: Promise<unknown> | undefined;
  const append = async (line: string) => {
    folderReady ??= mkdir(dataDir, { recursive: true });
    await folderReady;
    await appendFile(file, `${line}\n`, 'utf8');
  };
  return {
    async sendCode(message) {
      await append(
        JSON.stringify({
          channel: message.channel,
          to: message.to,
          type: message.type,
          code: message.code,
          at: message.at,
        }),
      );
    },
    async sendNotice(message) {
      await append(
        JSON.stringify({
          channel: message.channel,
          to: message.to,
          type: message.type,
          text: message.text,
          at: message.at,
        }),
      );
    },
  };
}
