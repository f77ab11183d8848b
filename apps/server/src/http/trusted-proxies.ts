import { isIP } from 'node:net';
import { parseCommaList } from './comma-list';

/** proxy-addr's names for whole ranges, which Fastify's trustProxy understands too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one entry of TRUSTED_PROXIES is not an address, a CIDR range or a range name; null when it is. */
function entryProblem(entry: string): string | null {
  if (RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or a CIDR range`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${entry}" has a prefix length outside 0-${bits}`;
  }
  return null;
}

/**
 * Reads TRUSTED_PROXIES: the addresses or ranges of the proxies whose X-Forwarded-For is believed,
 * separated by commas (e.g. `127.0.0.1, 10.0.0.0/8`), as Fastify's `trustProxy` takes them.
 * Answers the entries, or the first problem found.
 */
export function parseTrustedProxies(text: string): { entries: string[] } | { problem: string } {
  return parseCommaList(text, entryProblem);
}
