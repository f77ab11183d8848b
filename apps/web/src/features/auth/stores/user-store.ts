import type { SessionData, User } from '@meridian/contract/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

type UserState = {
  token: string | null;
  user: User | null;
  /**
   * The customer's other account's session, real or demo, kept while the other is in use (for
   * the switch between a customer's real and demo accounts without signing out). Each has its own
   * token; a request carries only the one in use, so demo and real never mix.
   */
  other: SessionData | null;
  /** After login, demo login or registration: the server's token and user, together. */
  setSession(session: SessionData): void;
  /** Uses `session` (the customer's demo account, just opened) and keeps the current one as the other. */
  switchTo(session: SessionData): void;
  /** Uses the other account's session again, keeping the current one as the other. */
  switchBack(): void;
  /** A fresher copy of the signed-in user (GET /api/user/info). */
  setUser(user: User): void;
  clear(): void;
};

/** The signed-in user and their session token, kept across reloads (spec section 4). */
export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      other: null,
      setSession: (session) => set({ token: session.token, user: session.user, other: null }),
      switchTo: (session) =>
        set((state) =>
          state.token && state.user
            ? { token: session.token, user: session.user, other: { token: state.token, user: state.user } }
            : state,
        ),
      switchBack: () =>
        set((state) =>
          state.other && state.token && state.user
            ? {
                token: state.other.token,
                user: state.other.user,
                other: { token: state.token, user: state.user },
              }
            : state,
        ),
      setUser: (user) => set((state) => (state.token ? { user } : state)),
      clear: () => set({ token: null, user: null, other: null }),
    }),
    {
      name: STORAGE_KEYS.user,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, user: state.user, other: state.other }),
    },
  ),
);

export function isLoggedIn(): boolean {
  return useUserStore.getState().token !== null;
}
