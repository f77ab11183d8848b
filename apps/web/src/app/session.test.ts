import type { SessionData } from '@meridian/contract/auth';
import type { NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { api } from '../lib/api-client';
import { RouterHandle } from './router-handle';
import { refreshStoredSession, wireApiClient } from './session';

// A dead stored session on a login-only page goes to /login?from=, and a 999 ends
// the session it was sent with once.
const SESSION = { token: 'dead-token', user: { id: 1, uid: 'U1', is_demo: 0 } } as SessionData;
const original = globalThis.fetch;

function answer999() {
  globalThis.fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 999, msg: 'Your session has ended.', data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
  ) as typeof fetch;
}

/** The router as mounted at `path`: its navigations recorded. */
function mountedAt(router: RouterHandle, path: string) {
  const navigate = vi.fn();
  router.follow({ pathname: path, search: '' }, navigate as unknown as NavigateFunction);
  return navigate;
}

beforeEach(() => {
  answer999();
  useUserStore.getState().setSession(SESSION);
});

afterEach(() => {
  globalThis.fetch = original;
  useUserStore.getState().clear();
  localStorage.clear();
});

describe('a dead stored session', () => {
  it('at start-up on a login-only page: cleared, then /login?from= once the router is mounted', async () => {
    const router = new RouterHandle({ pathname: '/mine/records', search: '?tab=withdraw' });
    wireApiClient(router);
    await refreshStoredSession();
    expect(useUserStore.getState().token).toBeNull();
    const navigate = mountedAt(router, '/mine/records');
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Fmine%2Frecords%3Ftab%3Dwithdraw', {
      replace: true,
    });
  });

  it('at start-up on an open page: cleared, the visitor stays', async () => {
    const router = new RouterHandle({ pathname: '/trade', search: '' });
    wireApiClient(router);
    await refreshStoredSession();
    expect(useUserStore.getState().token).toBeNull();
    expect(mountedAt(router, '/trade')).not.toHaveBeenCalled();
  });

  it('ends once: later 999s of the same session, or of an old one after a new login, change nothing', async () => {
    const router = new RouterHandle({ pathname: '/order', search: '' });
    const navigate = mountedAt(router, '/order');
    wireApiClient(router);
    await Promise.all([
      api.get('/api/a', undefined, { silent: true }).catch(() => {}),
      api.get('/api/b', undefined, { silent: true }).catch(() => {}),
    ]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().token).toBeNull();

    // A call sent with the old token answers after a new login: the new session stays.
    let release: (() => void) | undefined;
    globalThis.fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              new Response(JSON.stringify({ code: 999, msg: 'ended', data: null }), {
                headers: { 'content-type': 'application/json' },
              }),
            );
        }),
    ) as typeof fetch;
    useUserStore.getState().setSession(SESSION);
    const stale = api.get('/api/c', undefined, { silent: true }).catch(() => {});
    await vi.waitFor(() => expect(release).toBeDefined());
    useUserStore.getState().setSession({ ...SESSION, token: 'new-token' });
    release?.();
    await stale;
    expect(useUserStore.getState().token).toBe('new-token');
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
