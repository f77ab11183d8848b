import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The request headers the apps send on a call (api-client.ts): the spec's `lang` and
 * `authorization`, a form's or JSON body's `content-type`, an order's `idempotency-key`, `accept`.
 */
const CORS_ALLOWED_HEADERS = ['lang', 'authorization', 'content-type', 'idempotency-key', 'accept'];
/** The methods the API's routes answer (api-client.ts sends GET, POST and DELETE). */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];
/** How long a browser may keep a preflight's answer before asking again. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

type CorsOptions = { origins: readonly string[] };

/**
 * CORS for the app on its own origin (spec section 7: the API on an `api.` host), through
 * @fastify/cors. Only the origins CORS_ORIGINS names get CORS headers, exactly their own origin
 * echoed (never `*`, no credentials: the token travels in `authorization`); any other origin, and
 * a request without one, gets none, and its preflight is not found. With no origin configured the
 * plugin is not registered at all.
 */
async function corsPolicy(app: FastifyInstance, options: CorsOptions): Promise<void> {
  if (options.origins.length === 0) return;
  const allowed = new Set(options.origins);
  await app.register(cors, {
    // `false` for a refused origin: no CORS header at all (a static list would still send the
    // preflight's methods and headers to anyone).
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
    strictPreflight: true,
  });
}

export default fp(corsPolicy, { name: 'cors-policy' });
