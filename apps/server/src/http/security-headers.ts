import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer, the policy built once. (@fastify/helmet builds the
 * middleware again for every request, parsing the policy each time: a measurable share of an
 * order's CPU, bench/orders/README.md.) No nonces: the web app's scripts and styles are files of
 * its own origin, but for the inline scripts of its index.html, allowed by their hashes.
 */
function headersFor(scriptHashes: readonly string[]) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...scriptHashes],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export type SecurityHeadersOptions = { scriptHashes?: readonly string[] };

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const applyHeaders = headersFor(options.scriptHashes ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
