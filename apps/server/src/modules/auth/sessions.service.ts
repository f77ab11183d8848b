import { createHash } from 'node:crypto';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import type { EndedSessions } from '../../events';
import { SessionInvalid } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { newSessionToken } from './identifiers';
import {
  cachedSession,
  forgetSession,
  forgetSessions,
  rememberSession,
  sessionGeneration,
} from './session-cache';
import * as repository from './sessions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who made a request: the signed-in user and the session the token belongs to. */
export type AuthenticatedUser = {
  id: UserId;
  uid: string;
  isDemo: boolean;
  email: string | null;
  areaId: number | null;
  mobile: string | null;
  sessionId: number;
};

export type ClientInfo = { address: string; userAgent?: string | undefined };

/** Only the SHA-256 of a token is stored: a database leak gives no working session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for a user; the token is answered once and never stored in the clear. */
export async function createSession(
  db: DbOrTx,
  request: { userId: UserId; now: Date; client: ClientInfo },
): Promise<string> {
  const token = newSessionToken();
  await repository.insertSession(db, {
    userId: request.userId,
    tokenHash: hashToken(token),
    at: request.now,
    expiresAt: new Date(request.now.getTime() + SERVER_LIMITS.sessionTtlDays * DAY_MS),
    userAgent: request.client.userAgent?.slice(0, SERVER_LIMITS.userAgentLengthMax) ?? null,
    address: request.client.address,
  });
  return token;
}

/** Reads the token from an `authorization` header value: the raw token or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (token === '' || token.length > SERVER_LIMITS.sessionTokenTextLengthMax) return undefined;
  return token;
}

/**
 * Finds the user of a token. A missing, unknown, revoked or expired token is SessionInvalid
 * (code 999). Expiry slides: an active session is extended, at most once per touch interval so
 * that reads do not each cost a write.
 */
export async function authenticate(
  context: ServerContext,
  header: string | undefined,
): Promise<AuthenticatedUser> {
  const token = tokenFromHeader(header);
  if (!token) throw new SessionInvalid();
  const tokenHash = hashToken(token);
  const found = await findSession(context, tokenHash);
  const now = context.clock.now();
  if (
    !found ||
    found.session.revokedAt !== null ||
    found.session.expiresAt.getTime() <= now.getTime() ||
    // Disabling a login ends its sessions; this also refuses one opened while it was being disabled.
    found.user.loginDisabledAt !== null
  ) {
    throw new SessionInvalid();
  }
  const { session, user } = found;
  if (now.getTime() - session.lastSeenAt.getTime() >= SERVER_LIMITS.sessionTouchIntervalSeconds * 1000) {
    await repository.touchSession(
      context.db,
      session.id,
      now,
      new Date(now.getTime() + SERVER_LIMITS.sessionTtlDays * DAY_MS),
    );
    forgetSession(context, tokenHash);
  }
  return {
    id: user.id,
    uid: user.uid,
    isDemo: user.isDemo,
    email: user.email,
    areaId: user.areaId,
    mobile: user.mobile,
    sessionId: session.id,
  };
}

/** The session of a token hash: remembered by this node a moment ago (session-cache.ts), or read. */
async function findSession(
  context: ServerContext,
  tokenHash: string,
): Promise<repository.SessionWithUser | undefined> {
  const cached = cachedSession(context, tokenHash);
  if (cached) return cached;
  const generation = sessionGeneration(context);
  const found = await repository.findSessionByTokenHash(context.db, tokenHash);
  if (found && found.session.revokedAt === null) rememberSession(context, tokenHash, found, generation);
  return found;
}

/**
 * Ends one session (logout); its token answers 999 from the answer on, and its sockets lose the
 * user's topics, on every node.
 */
export async function endSession(
  context: ServerContext,
  session: { userId: UserId; sessionId: number },
  now: Date,
): Promise<void> {
  await repository.revokeSession(context.db, session.sessionId, now);
  sessionsEnded(context, session);
}

/**
 * Called by every revocation once it has committed, before it answers: this node forgets the
 * sessions it remembered (session-cache.ts), and the event tells the socket hub, which drops the
 * ended sessions' sockets out of the user's topics on every node.
 */
export function sessionsEnded(context: ServerContext, ended: EndedSessions): void {
  forgetSessions(context);
  context.events.emit('sessions.ended', ended);
}

/**
 * Ends the user's sessions, all of them or all but the one still in use, inside the caller's
 * transaction: the caller calls `sessionsEnded` after it commits, before it answers.
 */
export async function endUserSessions(
  db: DbOrTx,
  request: { userId: UserId; now: Date; keepSessionId?: number },
): Promise<void> {
  await repository.revokeUserSessions(db, request.userId, request.now, request.keepSessionId);
}
