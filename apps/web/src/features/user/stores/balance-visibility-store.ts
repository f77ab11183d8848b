import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

type BalanceVisibilityState = {
  hidden: boolean;
  toggle(): void;
};

/**
 * Spec section 2: the personal center's balance can be hidden (shown as `--`), and the choice is
 * remembered, so a customer who hides it in public is not surprised by it on the next visit.
 */
export const useBalanceVisibilityStore = create<BalanceVisibilityState>()(
  persist(
    (set) => ({
      hidden: false,
      toggle: () => set((state) => ({ hidden: !state.hidden })),
    }),
    {
      name: STORAGE_KEYS.balanceVisibility,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ hidden: state.hidden }),
      merge: (persisted, current) => ({
        ...current,
        hidden: (persisted as { hidden?: unknown } | undefined)?.hidden === true,
      }),
    },
  ),
);
