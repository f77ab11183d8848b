import type { SessionData } from '@meridian/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

async function freshStore() {
  vi.resetModules();
  return (await import('./user-store')).useUserStore;
}

const session = (token: string, id: number, isDemo: 0 | 1): SessionData =>
  ({
    token,
    user: { id, uid: `U${id}`, is_demo: isDemo, email: isDemo ? '' : `u${id}@example.com` },
  }) as SessionData;

afterEach(() => localStorage.clear());

describe('user store: the real and demo sessions of one customer', () => {
  it('keeps the real session aside while the demo is in use, and switches back to it', async () => {
    const store = await freshStore();
    store.getState().setSession(session('real-token', 1, 0));
    store.getState().switchTo(session('demo-token', 2, 1));
    expect(store.getState()).toMatchObject({ token: 'demo-token', other: { token: 'real-token' } });
    // Kept across a reload.
    const reloaded = await freshStore();
    expect(reloaded.getState()).toMatchObject({ token: 'demo-token', other: { token: 'real-token' } });
    reloaded.getState().switchBack();
    expect(reloaded.getState()).toMatchObject({
      token: 'real-token',
      user: { is_demo: 0 },
      other: { token: 'demo-token' },
    });
  });

  it('forgets both on a new login and on clearing', async () => {
    const store = await freshStore();
    store.getState().setSession(session('real-token', 1, 0));
    store.getState().switchTo(session('demo-token', 2, 1));
    store.getState().setSession(session('another', 3, 0));
    expect(store.getState().other).toBeNull();
    store.getState().switchTo(session('demo-2', 4, 1));
    store.getState().clear();
    expect(store.getState()).toMatchObject({ token: null, user: null, other: null });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').state.other).toBeNull();
  });

  it('switches nothing without a session', async () => {
    const store = await freshStore();
    store.getState().switchTo(session('demo-token', 2, 1));
    store.getState().switchBack();
    expect(store.getState()).toMatchObject({ token: null, other: null });
  });
});
