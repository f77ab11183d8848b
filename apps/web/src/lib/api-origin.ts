import { DERIVED_API_ORIGIN, deriveApiOrigin } from '@meridian/contract/subdomain';

export { DERIVED_API_ORIGIN, deriveApiOrigin };

/**
 * Where requests go. Unset (the default) means the page's own origin, written as '' so URLs stay
 * relative: the server that serves the app also serves the API. `derived` applies the spec's rule;
 * anything else is an explicit origin.
 */
export function resolveApiOrigin(configured: string | undefined, pageOrigin: string): string {
  const value = configured?.trim() ?? '';
  if (value === '') return '';
  if (value === DERIVED_API_ORIGIN) {
    const derived = deriveApiOrigin(pageOrigin);
    return derived === new URL(pageOrigin).origin ? '' : derived;
  }
  return new URL(value).origin;
}
