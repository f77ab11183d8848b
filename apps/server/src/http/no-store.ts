import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The API's paths: the customer API (spec section 7) and the back office's. */
const API_PREFIXES = ['/api/', '/v1/api/', '/admin/api/'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * `Cache-Control: no-store` on every answer of the API, refusals, errors and not-founds included:
 * a customer's balance or ID number, or a staff member's view of a customer, must never stay in a
 * shared computer's browser cache or a proxy's. One rule for every path rather than a list of
 * signed-in routes, so a new route cannot be forgotten. A route that sets its own policy keeps it:
 * only the public artwork and logos, and the signed private images (`private`, until the
 * signature ends), do.
 */
async function noStore(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(noStore, { name: 'no-store' });
