import { replaceFirstSubdomain } from './subdomain';

/** The value of VITE_API_ORIGIN that asks for the spec's production rule. */
export const DERIVED_API_ORIGIN = 'derived';

/**
 * The spec's production rule (section 7): the API host is the page's host with the first
 * subdomain replaced by `api`. Hosts without a subdomain (localhost, an IP) keep the page origin.
 */
export function deriveApiOrigin(pageOrigin: string): string {
  return replaceFirstSubdomain(pageOrigin, 'api') ?? new URL(pageOrigin).origin;
}

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
