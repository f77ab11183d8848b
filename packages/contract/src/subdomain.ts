// The WHATWG URL of browsers and Node (this package is compiled without either's types).
declare const URL: new (
  input: string,
) => { hostname: string; port: string; protocol: string; origin: string };

/**
 * Hosts that have no subdomain to swap: an IP address, `localhost` or any single-label name.
 * Such an origin is a developer's machine or a private network, where the page's own server
 * is the only one there is.
 */
function hasNoSubdomainToSwap(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  if (/^[0-9.]+$/.test(hostname)) return true;
  return !hostname.includes('.');
}

/**
 * The origin with its first host label replaced by `label`: `https://m.example.com` with `api`
 * gives `https://api.example.com`. A bare domain (`example.com`) has no subdomain, so the label
 * is put in front of it. Returns null when the host has nothing to swap (see above).
 * Scheme and port are kept.
 */
export function replaceFirstSubdomain(origin: string, label: string): string | null {
  const url = new URL(origin);
  if (hasNoSubdomainToSwap(url.hostname)) return null;
  const labels = url.hostname.split('.');
  const swapped = labels.length >= 3 ? [label, ...labels.slice(1)] : [label, ...labels];
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${swapped.join('.')}${port}`;
}

/** The value of the web build's VITE_API_ORIGIN that asks for the spec's production rule. */
export const DERIVED_API_ORIGIN = 'derived';

/**
 * The spec's production rule (section 7): the API host is the page's host with the first
 * subdomain replaced by `api`. Hosts without a subdomain (localhost, an IP) keep the page origin.
 */
export function deriveApiOrigin(pageOrigin: string): string {
  return replaceFirstSubdomain(pageOrigin, 'api') ?? new URL(pageOrigin).origin;
}
