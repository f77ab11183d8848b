import type { User } from '@meridian/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

const USER: User = {
  id: 7,
  uid: '12345678',
  email: 'a@example.com',
  mobile: '',
  area_code: '',
  is_demo: 0,
  invite_code: 'ABCD2345',
  invited_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

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
