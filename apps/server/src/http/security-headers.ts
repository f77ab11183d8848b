import { DERIVED_API_ORIGIN, deriveApiOrigin } from '@meridian/contract/subdomain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Policies kept per API origin in the `derived` mode (one per host the page is served on). */
const POLICIES_PER_API_ORIGIN_MAX = 64;

/**
 * Helmet's security headers on every answer, the policy built once. (@fastify/helmet builds the
 * middleware again for every request, parsing the policy each time: a measurable share of an
 * order's CPU, bench/orders/README.md.) No nonces: the web app's scripts and styles are files of
 * its own origin, but for the inline scripts of its index.html, allowed by their hashes. A web app
 * built to call its API on another origin (VITE_API_ORIGIN) may connect to and show images from it.
 */
function headersFor(scriptHashes: readonly string[], apiOrigin: string | null) {
  const api = apiOrigin ? [apiOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", ...api, 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...scriptHashes],
        connectSrc: ["'self'", ...api, 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export type SecurityHeadersOptions = {
  scriptHashes?: readonly string[];
  /** The web build's VITE_API_ORIGIN (`derived` or an origin); undefined: the API is the page's own origin. */
  webApiOrigin?: string;
};

type ApplyHeaders = ReturnType<typeof headersFor>;

/** The API origin the page served for this request calls, when it is another origin than the page's. */
function apiOriginFor(request: FastifyRequest, webApiOrigin: string | undefined): string | null {
  if (!webApiOrigin) return null;
  if (webApiOrigin !== DERIVED_API_ORIGIN) return webApiOrigin;
  try {
    const page = new URL(`${request.protocol}://${request.host}`).origin;
    const api = deriveApiOrigin(page);
    return api === page ? null : api;
  } catch {
    return null;
  }
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const scriptHashes = options.scriptHashes ?? [];
  const sameOrigin = headersFor(scriptHashes, null);
  const perApiOrigin = new Map<string, ApplyHeaders>();
  const applyFor = (apiOrigin: string | null): ApplyHeaders => {
    if (apiOrigin === null) return sameOrigin;
    let apply = perApiOrigin.get(apiOrigin);
    if (!apply) {
      // The Host header is the client's to choose: the cache stays bounded whatever it sends.
      if (perApiOrigin.size >= POLICIES_PER_API_ORIGIN_MAX) perApiOrigin.clear();
      apply = headersFor(scriptHashes, apiOrigin);
      perApiOrigin.set(apiOrigin, apply);
    }
    return apply;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const applyHeaders = applyFor(apiOriginFor(request, options.webApiOrigin));
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
