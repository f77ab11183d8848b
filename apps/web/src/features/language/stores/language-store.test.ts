import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

async function freshStore() {
  vi.resetModules();
  return (await import('./language-store')).useLanguageStore;
}

afterEach(() => localStorage.clear());

describe('language store', () => {
  it('defaults to hk', async () => {
    expect((await freshStore()).getState().language).toBe('hk');
  });

  it("reads the legacy stored 'tw' as 'hk'", async () => {
    localStorage.setItem(STORAGE_KEYS.language, JSON.stringify({ state: { language: 'tw' }, version: 1 }));
    expect((await freshStore()).getState().language).toBe('hk');
  });

  it('reads junk as the default and keeps a valid choice', async () => {
    localStorage.setItem(STORAGE_KEYS.language, JSON.stringify({ state: { language: 'xx' }, version: 1 }));
    expect((await freshStore()).getState().language).toBe('hk');
    localStorage.setItem(STORAGE_KEYS.language, JSON.stringify({ state: { language: 'ar' }, version: 1 }));
    expect((await freshStore()).getState().language).toBe('ar');
  });

  it('stores the choice', async () => {
    const store = await freshStore();
    store.getState().setLanguage('jp');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.language) ?? '{}').state.language).toBe('jp');
    expect((await freshStore()).getState().language).toBe('jp');
  });
});
