import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { translate } from '../../http/i18n';
import { SERVER_LIMITS } from '../../limits';
import type { OutgoingMessage, Transport } from './delivery';

export const OUTBOX_FILE_NAME = 'outbox.jsonl';

/** The line the file holds for a message: the fields of the years before the outbox table, and its id. */
export function outboxLineOf(message: OutgoingMessage): Record<string, unknown> {
  const common = { id: message.id, channel: message.channel, to: message.to };
  return message.kind === 'code'
    ? { ...common, type: message.purpose, code: message.code, at: message.at }
    : {
        ...common,
        type: message.type,
        text: translate(message.language, message.key, message.params),
        at: message.at,
      };
}

/**
 * The default transport of a channel with no provider: each message one JSON line appended to
 * DATA_DIR/outbox.jsonl, which the operator reads (docs/operations.md "Delivery"). The line is
 * flushed to disk before the delivery counts, and a retry first looks for its id in the file's
 * recent end, so a node that died between the append and marking the row sent does not write the
 * message twice.
 */
export function createFileTransport(dataDir: string): Transport {
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  let folderReady: Promise<unknown> | undefined;
  return {
    name: 'file',
    async deliver(message) {
      folderReady ??= mkdir(dataDir, { recursive: true });
      await folderReady;
      if ((message.attempt ?? 1) > 1 && (await recentlyHolds(file, message.id))) return;
      // One short line is one write, so concurrent appends do not interleave.
      const handle = await open(file, 'a');
      try {
        await handle.appendFile(`${JSON.stringify(outboxLineOf(message))}\n`, 'utf8');
        await handle.datasync();
      } finally {
        await handle.close();
      }
    },
  };
}

/** Whether the file's end holds a line of this id. */
async function recentlyHolds(file: string, id: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, SERVER_LIMITS.outboxFileScanBytesMax);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8').includes(`"id":${JSON.stringify(id)}`);
  } finally {
    await handle.close();
  }
}
