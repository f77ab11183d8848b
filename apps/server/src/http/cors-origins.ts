import { parseCommaList } from './comma-list';

/** At most this many origins in CORS_ORIGINS: a deployment names its app's few addresses, not a crowd. */
const CORS_ORIGINS_MAX = 50;

/** Why one entry of CORS_ORIGINS is not an exact web origin; null when it is. */
function entryProblem(entry: string): string | null {
  if (entry === '*' || entry.includes('*')) return `"${entry}": wildcards are not allowed, name each origin`;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not an origin (scheme://host[:port])`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${entry}" must be http:// or https://`;
  // Exactly what a browser sends in Origin: no path, query, user or trailing slash, lower-case host.
  if (url.origin !== entry) return `"${entry}" is not an exact origin (did you mean "${url.origin}"?)`;
  return null;
}

/**
 * Reads CORS_ORIGINS: the web origins allowed to call the API from a browser, separated by commas
 * (e.g. `https://m.example.com, https://www.example.com`), each exactly as a browser sends it in
 * `Origin`. Answers the origins (no duplicates), or the first problem found.
 */
export function parseCorsOrigins(text: string): { origins: string[] } | { problem: string } {
  const parsed = parseCommaList(text, entryProblem);
  if ('problem' in parsed) return parsed;
  const origins = [...new Set(parsed.entries)];
  if (origins.length > CORS_ORIGINS_MAX) return { problem: `at most ${CORS_ORIGINS_MAX} origins` };
  return { origins };
}

/**
 * Whether a browser's socket (or request) from `origin` may reach this server: no Origin (not a
 * browser), our own host, or an allowed origin. `host` is the request's Host header.
 */
export function originAdmitted(
  origin: string | undefined,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined || allowed.has(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
