import { open } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry, OutboxPage, OutboxQuery } from '@meridian/contract/outbox-staff';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import { OUTBOX_FILE_NAME } from './file-transport';

/** How the file is read: in chunks from its end, at most `budgetBytes`, lines of at most `lineBytesMax`. */
export type ReadBounds = { chunkBytes: number; budgetBytes: number; lineBytesMax: number };

/** A line read from the end: its text, or null for one too long to be a message. */
type Line = string | null;

/**
 * The file's lines from the last to the first, reading `chunkBytes` at a time from the end and
 * never more than `budgetBytes` in all, nor holding more than one line of `lineBytesMax` (a longer
 * one is answered as null and skipped). `state.truncated` says whether the budget ran out first.
 */
export async function* linesFromEnd(
  file: string,
  bounds: ReadBounds,
  state: { truncated: boolean },
): AsyncGenerator<Line> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    let position = (await handle.stat()).size;
    let scanned = 0;
    // The start of the line whose end was read already (bytes before the earliest newline seen).
    let carry: Buffer = Buffer.alloc(0);
    // Inside a line already answered as too long: its remaining bytes are dropped.
    let discarding = false;
    while (position > 0) {
      if (scanned >= bounds.budgetBytes) {
        state.truncated = true;
        return;
      }
      const size = Math.min(bounds.chunkBytes, position, bounds.budgetBytes - scanned);
      position -= size;
      scanned += size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      const data = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk;
      let end = data.length;
      let newline = data.lastIndexOf(10, end - 1);
      while (newline >= 0) {
        if (discarding) discarding = false;
        else if (end - newline - 1 > bounds.lineBytesMax) yield null;
        else if (end > newline + 1) yield data.subarray(newline + 1, end).toString('utf8');
        end = newline;
        newline = end > 0 ? data.lastIndexOf(10, end - 1) : -1;
      }
      carry = discarding ? Buffer.alloc(0) : data.subarray(0, end);
      if (carry.length > bounds.lineBytesMax) {
        yield null;
        carry = Buffer.alloc(0);
        discarding = true;
      }
    }
    if (!discarding && carry.length > 0) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** One outbox line as a message, or null when it is not one (a torn write, a foreign line). */
export function parseOutboxLine(line: string): OutboxEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { channel, to, at, type, code, text } = record;
  if ((channel !== 'email' && channel !== 'sms') || !isText(to) || !isText(at)) return null;
  if (typeof type !== 'number' && !isText(type)) return null;
  if (isText(code)) return { at, channel, to, kind: 'code', type: String(type), code, text: '' };
  if (isText(text)) return { at, channel, to, kind: 'notice', type: String(type), code: '', text };
  return null;
}

/** A page of the outbox, newest first, from a file that may be large (read from its end, bounded). */
export async function readOutboxPage(
  file: string,
  query: { page: number; limit: number; to?: string | undefined },
  bounds: ReadBounds,
): Promise<OutboxPage> {
  const skip = (query.page - 1) * query.limit;
  const needle = query.to?.trim().toLowerCase() ?? '';
  const list: OutboxEntry[] = [];
  const state = { truncated: false };
  let matched = 0;
  let brokenLines = 0;
  let hasMore = false;
  for await (const line of linesFromEnd(file, bounds, state)) {
    const entry = line === null ? null : parseOutboxLine(line);
    if (!entry) {
      brokenLines += 1;
      continue;
    }
    if (needle !== '' && !entry.to.toLowerCase().includes(needle)) continue;
    matched += 1;
    if (matched <= skip) continue;
    if (list.length === query.limit) {
      hasMore = true;
      break;
    }
    list.push(entry);
  }
  return {
    list,
    page: query.page,
    limit: query.limit,
    has_more: hasMore,
    broken_lines: brokenLines,
    scan_truncated: state.truncated,
  };
}

/** The back office's outbox viewer: admins only, every read audited. */
export async function viewOutbox(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: OutboxQuery,
): Promise<OutboxPage> {
  await requirePermission(context, staff, 'outbox.read');
  const page = await readOutboxPage(path.join(context.config.dataDir, OUTBOX_FILE_NAME), query, {
    chunkBytes: SERVER_LIMITS.outboxChunkBytes,
    budgetBytes: SERVER_LIMITS.outboxScanBytesMax,
    lineBytesMax: SERVER_LIMITS.outboxLineBytesMax,
  });
  await recordAudit(context.db, actorOf(staff), {
    action: 'outbox.read',
    target: null,
    details: {
      page: query.page,
      to: query.to ?? '',
      shown: page.list.length,
      broken_lines: page.broken_lines,
    },
    at: context.clock.now(),
  });
  return page;
}
