import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@meridian/contract/languages';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { browserLanguages, languageFromBrowser } from '../../../lib/browser-language';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

type LanguageState = {
  language: Language;
  setLanguage(language: Language): void;
};

/**
 * The chosen interface language, kept across reloads (spec section 4). Whatever was stored is
 * read through normalizeLanguage, so the legacy 'tw' becomes 'hk' and junk becomes the default.
 * With nothing stored (a first visit), the browser's preferred languages choose, else the spec's
 * default; only an explicit choice is stored, and it wins from then on.
 */
export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      language: languageFromBrowser(browserLanguages()) ?? DEFAULT_LANGUAGE,
      setLanguage: (language) => set({ language }),
    }),
    {
      name: STORAGE_KEYS.language,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ language: state.language }),
      merge: (persisted, current) => {
        const stored = (persisted as { language?: unknown } | undefined)?.language;
        if (typeof stored !== 'string') return current;
        return { ...current, language: normalizeLanguage(stored) };
      },
    },
  ),
);
