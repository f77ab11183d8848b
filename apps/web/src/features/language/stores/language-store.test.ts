import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

async function freshStore() {
  vi.resetModules();
  return (await import('./language-store')).useLanguageStore;
}

function browserPrefers(languages: readonly string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('language store', () => {
  it("starts a first visit in the browser's language, else hk", async () => {
    browserPrefers(['de-DE', 'de']);
    expect((await freshStore()).getState().language).toBe('de');
    browserPrefers(['zh-TW']);
    expect((await freshStore()).getState().language).toBe('hk');
    browserPrefers(['xx']);
    expect((await freshStore()).getState().language).toBe('hk');
    // Nothing is stored until the customer chooses.
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });

  it("keeps an explicit choice over the browser's languages", async () => {
    browserPrefers(['de-DE']);
    const store = await freshStore();
    store.getState().setLanguage('ar');
    expect((await freshStore()).getState().language).toBe('ar');
  });

  it("reads the legacy stored 'tw' as 'hk'", async () => {
    localStorage.setItem(STORAGE_KEYS.language, JSON.stringify({ state: { language: 'tw' }, version: 1 }));
    expect((await freshStore()).getState().language).toBe('hk');
  });

  it('reads junk as the default and keeps a valid choice', async () => {
    browserPrefers(['de-DE']);
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
