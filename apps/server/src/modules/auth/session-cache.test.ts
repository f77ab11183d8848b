import type { SessionData } from '@meridian/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  freshEmail,
  lastCode,
  login,
  NEW_PASSWORD,
  registerByEmail,
  SESSION_INVALID,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import {
  cachedSession,
  cachesSessions,
  forgetSessions,
  rememberSession,
  sessionGeneration,
} from './session-cache';
import type { SessionWithUser } from './sessions.repository';

const t = useTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});

function info(token: string) {
  return call(t, 'GET', '/api/user/info', {}, { token });
}

/** Moves the monotonic clock the cache measures its time-to-live with. */
function advanceCacheClock(ms: number): void {
  const now = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => now() + ms);
}

describe('remembered sessions (one node)', () => {
  it('answers 999 right after a logout, a password change or a reset, for sessions used a moment before', async () => {
    const email = freshEmail();
    const first = await registerByEmail(t, email);
    const second = (await login(t, email)).data as SessionData;
    const third = (await login(t, email)).data as SessionData;
    for (const session of [first, second, third]) expect((await info(session.token)).code).toBe(1);

    expect((await call(t, 'POST', '/api/user/logout', {}, { token: first.token })).code).toBe(1);
    expect(await info(first.token)).toEqual(SESSION_INVALID);
    expect((await info(second.token)).code).toBe(1);

    expect((await call(t, 'POST', '/api/notify/send_email', { type: 3 }, { token: second.token })).code).toBe(
      1,
    );
    const changeCode = await lastCode(t, email, 3);
    const amend = { new_password: NEW_PASSWORD, re_password: NEW_PASSWORD, auth_code: changeCode };
    expect((await call(t, 'POST', '/api/user/amend_password', amend, { token: second.token })).code).toBe(1);
    expect(await info(third.token)).toEqual(SESSION_INVALID);
    expect((await info(second.token)).code).toBe(1);

    expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 2 })).code).toBe(1);
    const reset = {
      type: 'email',
      account: email,
      new_password: 'Again1234',
      secondary_password: 'Again1234',
      auth_code: await lastCode(t, email, 2),
    };
    expect((await call(t, 'POST', '/api/user/forget_password', reset)).code).toBe(1);
    expect(await info(second.token)).toEqual(SESSION_INVALID);
  });

  it('reads a session again after the time-to-live, so a change made elsewhere shows within it', async () => {
    const session = await registerByEmail(t, freshEmail());
    expect((await info(session.token)).code).toBe(1);
    // Written behind this node's back (no node does this; it shows how long an entry lives).
    await t.database.db.execute(`update sessions set revoked_at = now() where user_id = ${session.user.id}`);
    expect((await info(session.token)).code).toBe(1);
    advanceCacheClock(SERVER_LIMITS.sessionCacheSeconds * 1000);
    expect(await info(session.token)).toEqual(SESSION_INVALID);
  });

  it('still expires a remembered session on time', async () => {
    const session = await registerByEmail(t, freshEmail());
    expect((await info(session.token)).code).toBe(1);
    t.clock.advance(SERVER_LIMITS.sessionTtlDays * 24 * 60 * 60 * 1000);
    expect(await info(session.token)).toEqual(SESSION_INVALID);
  });
});

describe('session cache rules', () => {
  const context = (engine: 'pglite' | 'postgres', redisUrl?: string) =>
    ({ db: {}, database: { engine }, config: { redisUrl } }) as unknown as ServerContext;
  const found = (id: number) =>
    ({ session: { id, revokedAt: null }, user: { id } }) as unknown as SessionWithUser;

  it('caches only on a single node: embedded, or PostgreSQL without REDIS_URL', () => {
    expect(cachesSessions(context('pglite'))).toBe(true);
    expect(cachesSessions(context('postgres'))).toBe(true);
    expect(cachesSessions(context('postgres', 'redis://127.0.0.1:6379'))).toBe(false);
    const several = context('postgres', 'redis://127.0.0.1:6379');
    rememberSession(several, 'hash', found(1), sessionGeneration(several));
    expect(cachedSession(several, 'hash')).toBeUndefined();
  });

  it('does not keep a session read while a revocation happened: the read may predate its commit', () => {
    const node = context('pglite');
    const generation = sessionGeneration(node);
    forgetSessions(node);
    rememberSession(node, 'hash', found(1), generation);
    expect(cachedSession(node, 'hash')).toBeUndefined();
    rememberSession(node, 'hash', found(1), sessionGeneration(node));
    expect(cachedSession(node, 'hash')).toEqual(found(1));
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const node = context('pglite');
    const generation = sessionGeneration(node);
    for (let index = 0; index <= SERVER_LIMITS.sessionCacheEntriesMax; index += 1)
      rememberSession(node, `hash-${index}`, found(index), generation);
    expect(cachedSession(node, 'hash-0')).toBeUndefined();
    expect(cachedSession(node, 'hash-1')).toEqual(found(1));
    expect(cachedSession(node, `hash-${SERVER_LIMITS.sessionCacheEntriesMax}`)).toEqual(
      found(SERVER_LIMITS.sessionCacheEntriesMax),
    );
  });
});
