import type { ServerContext } from '../../context';
import * as repository from './copy.repository';

/**
 * Which users are traders: every opened and closed order asks, so the answer comes from memory, read
 * again at most once a second per database handle (a trader who opted in on another node is known
 * here within that time; the copy sweep catches any order opened meanwhile) and at once after an
 * opt-in on this node.
 */
const REFRESH_MS = 1000;
type Directory = { loadedAtMs: number; value: Promise<Map<number, number>> };
const directories = new WeakMap<object, Directory>();

function load(context: Pick<ServerContext, 'db'>): Promise<Map<number, number>> {
  const cached = directories.get(context.db);
  const nowMs = Date.now();
  if (cached && nowMs - cached.loadedAtMs < REFRESH_MS) return cached.value;
  const value = repository.traderIdsByUser(context.db);
  directories.set(context.db, { loadedAtMs: nowMs, value });
  value.catch(() => directories.delete(context.db));
  return value;
}

/** The trader id of a user, or undefined when the user is not a trader. */
export async function traderIdOfUser(
  context: Pick<ServerContext, 'db'>,
  userId: number,
): Promise<number | undefined> {
  return (await load(context)).get(userId);
}

/** Forgets the cached directory (after an opt-in on this node). */
export function forgetTraderDirectory(context: Pick<ServerContext, 'db'>): void {
  directories.delete(context.db);
}
