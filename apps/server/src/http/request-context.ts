import { type Language, normalizeLanguage } from '@meridian/contract/languages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of every message in this answer, from the `lang` header (spec section 7). */
    lang: Language;
  }
}

/**
 * Reads the request's language and lets every endpoint take its fields as query,
 * form-urlencoded or JSON: on a call with a body, query fields fill in what the body lacks.
 */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', async (request) => {
    const header = request.headers.lang;
    request.lang = normalizeLanguage(Array.isArray(header) ? header[0] : header);
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = request.body;
    if (body === undefined || body === null || body === '') {
      request.body = { ...query };
    } else if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
      request.body = { ...query, ...(body as Record<string, unknown>) };
    }
  });
});
