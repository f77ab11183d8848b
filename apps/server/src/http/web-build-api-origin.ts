import { existsSync, readFileSync } from 'node:fs';
import { DERIVED_API_ORIGIN } from '@meridian/contract/subdomain';

const API_ORIGIN_META = /<meta name="meridian-api-origin" content="([^"]*)"\s*\/?>/;

/**
 * Where the built web app sends its calls, as its build recorded it (apps/web/vite.config.ts puts
 * VITE_API_ORIGIN in a meta tag of index.html): `derived` (spec section 7's api host), an origin,
 * or undefined for the page's own origin (no tag, no file, or a value that is neither).
 */
export function webBuildApiOrigin(htmlFile: string): string | undefined {
  if (!existsSync(htmlFile)) return undefined;
  const value = API_ORIGIN_META.exec(readFileSync(htmlFile, 'utf8'))?.[1]?.trim();
  if (!value) return undefined;
  if (value === DERIVED_API_ORIGIN) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
