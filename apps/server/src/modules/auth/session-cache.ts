import type { ServerContext } from '../../context';
import type { Db } from '../../db/database';
import { SERVER_LIMITS } from '../../limits';
import type { SessionWithUser } from './sessions.repository';

/**
 * Sessions this process found valid a moment ago, by token hash, so that a signed-in request does
 * not read its session again (one database round trip of the few an order takes).
 *
 * Revocation stays exact because of three rules. Only a single node caches (see `cachesSessions`):
 * with several, a logout on another node would go unseen here. Every revocation on this node clears
 * the whole cache after it commits and before it answers (`forgetSessions`), so no request that
 * comes after the answer finds a revoked session here. And a session read from the database is kept
 * only if no revocation happened while it was being read (the generation), since that read may
 * predate the revocation's commit. The time-to-live and the bound (LIMITS) keep anything else short:
 * the entries only ever hold what the database said a few seconds ago.
 */
type Entry = { found: SessionWithUser; storedAtMs: number };
type Cache = { entries: Map<string, Entry>; generation: number };

const caches = new WeakMap<Db, Cache>();
const TTL_MS = SERVER_LIMITS.sessionCacheSeconds * 1000;

/** Several nodes run only on PostgreSQL with REDIS_URL (ARCHITECTURE.md "Runtime picture"). */
export function cachesSessions(context: Pick<ServerContext, 'database' | 'config'>): boolean {
  return context.database.engine === 'pglite' || context.config.redisUrl === undefined;
}

function cacheOf(context: ServerContext): Cache | undefined {
  if (!cachesSessions(context)) return undefined;
  let cache = caches.get(context.db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(context.db, cache);
  }
  return cache;
}

/** The session of a token hash as found at most the time-to-live ago, if this node remembers it. */
export function cachedSession(context: ServerContext, tokenHash: string): SessionWithUser | undefined {
  const cache = cacheOf(context);
  const entry = cache?.entries.get(tokenHash);
  if (!cache || !entry) return undefined;
  if (performance.now() - entry.storedAtMs < TTL_MS) return entry.found;
  cache.entries.delete(tokenHash);
  return undefined;
}

/** Taken before reading a session, handed to `rememberSession` after. */
export function sessionGeneration(context: ServerContext): number {
  return cacheOf(context)?.generation ?? 0;
}

/** Keeps a valid session read from the database, unless a revocation happened during the read. */
export function rememberSession(
  context: ServerContext,
  tokenHash: string,
  found: SessionWithUser,
  generationBefore: number,
): void {
  const cache = cacheOf(context);
  if (!cache || cache.generation !== generationBefore) return;
  if (cache.entries.size >= SERVER_LIMITS.sessionCacheEntriesMax) {
    // Maps iterate in insertion order: the first key is the oldest entry.
    const oldest = cache.entries.keys().next().value;
    if (oldest !== undefined) cache.entries.delete(oldest);
  }
  cache.entries.set(tokenHash, { found, storedAtMs: performance.now() });
}

/** Forgets one session (its expiry slid): the next request reads it again. */
export function forgetSession(context: ServerContext, tokenHash: string): void {
  cacheOf(context)?.entries.delete(tokenHash);
}

/**
 * Forgets every remembered session. Called by each revocation after it commits and before it
 * answers; clearing all of them keeps it simple, and revocations are rare next to requests.
 */
export function forgetSessions(context: ServerContext): void {
  const cache = cacheOf(context);
  if (!cache) return;
  cache.entries.clear();
  cache.generation += 1;
}
