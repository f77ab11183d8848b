export const LOGIN_PATH = '/login';

/** Where a visitor is sent for a page that needs login: /login?from=<wanted path and query>. */
export function loginPathFrom(wantedPath: string): string {
  return `${LOGIN_PATH}?from=${encodeURIComponent(wantedPath)}`;
}

/**
 * Where login returns to. Only a path of this app is accepted (one leading slash, no scheme, no
 * `//host` and no backslash trick), so a crafted link cannot send a fresh session to another site;
 * and never back to the login page itself.
 */
export function safeReturnPath(from: string | null | undefined, fallback = '/'): string {
  if (!from) return fallback;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return fallback;
  if (Array.from(from).some((character) => character.charCodeAt(0) < 0x20)) return fallback;
  const pathname = from.split(/[?#]/)[0];
  if (pathname === LOGIN_PATH) return fallback;
  return from;
}
