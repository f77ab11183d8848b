import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { userFixture } from '../../../testing/user-fixtures';

const USER = userFixture({ id: 7, uid: '12345678', email: 'a@example.com' });

afterEach(() => localStorage.clear());

describe('user store', () => {
  it('keeps token and user across a reload, and forgets both on clear', async () => {
    vi.resetModules();
    const first = (await import('./user-store')).useUserStore;
    first.getState().setSession({ token: 'tok', user: USER });
    vi.resetModules();
    const { useUserStore, isLoggedIn } = await import('./user-store');
    expect(useUserStore.getState()).toMatchObject({ token: 'tok', user: USER });
    expect(isLoggedIn()).toBe(true);
    useUserStore.getState().clear();
    expect(isLoggedIn()).toBe(false);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').state).toEqual({
      token: null,
      user: null,
      other: null,
    });
  });

  it('ignores a user refresh that arrives after logout', async () => {
    vi.resetModules();
    const { useUserStore } = await import('./user-store');
    useUserStore.getState().setUser(USER);
    expect(useUserStore.getState().user).toBeNull();
  });
});

describe('demo device id', () => {
  it('is made once, kept, and fits the contract (8 to 64 of [A-Za-z0-9_-])', async () => {
    vi.resetModules();
    const first = (await import('./demo-device-store')).useDemoDeviceStore.getState().deviceId;
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    vi.resetModules();
    const again = (await import('./demo-device-store')).useDemoDeviceStore.getState().deviceId;
    expect(again).toBe(first);
  });

  it('differs between devices', async () => {
    const { createDeviceId } = await import('./demo-device-store');
    expect(createDeviceId()).not.toBe(createDeviceId());
  });
});
