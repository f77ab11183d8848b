import type { SessionData, User } from '@meridian/contract/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

type UserState = {
  token: string | null;
  user: User | null;
  /** After login, demo login or registration: the server's token and user, together. */
  setSession(session: SessionData): void;
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
      setSession: (session) => set({ token: session.token, user: session.user }),
      setUser: (user) => set((state) => (state.token ? { user } : state)),
      clear: () => set({ token: null, user: null }),
    }),
    {
      name: STORAGE_KEYS.user,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, user: state.user }),
    },
  ),
);

export function isLoggedIn(): boolean {
  return useUserStore.getState().token !== null;
}
