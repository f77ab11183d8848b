import { useSyncExternalStore } from 'react';

/** The staff session token, kept for the browser tab only (sessionStorage): closing it signs out. */
const KEY = 'meridian.admin.token';
const listeners = new Set<() => void>();

export function sessionToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveSession(token: string): void {
  sessionStorage.setItem(KEY, token);
  for (const listener of listeners) listener();
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function useSessionToken(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, sessionToken);
}
