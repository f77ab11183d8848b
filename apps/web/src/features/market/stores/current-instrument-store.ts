import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

type CurrentInstrumentState = {
  /** The instrument's Code (EURUSD), as the /trade URL carries it; null until one is chosen. */
  code: string | null;
  setCode(code: string): void;
};

/**
 * The current instrument (spec section 2: tapping a market row sets it). Kept across reloads, so
 * the Trade tab opens the instrument last looked at.
 */
export const useCurrentInstrumentStore = create<CurrentInstrumentState>()(
  persist(
    (set) => ({
      code: null,
      setCode: (code) => set({ code }),
    }),
    {
      name: STORAGE_KEYS.currentInstrument,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ code: state.code }),
    },
  ),
);
