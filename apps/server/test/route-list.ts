import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { freshAddress } from './accounts';

/** The app's route table as `METHOD path`, read from Fastify's printed tree; a HEAD mirrors its GET. */
export function routeTable(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + (match[2] ?? '');
    pathAtDepth[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/**
 * Calls a route from an address of its own, with a token or none. A POST carries a body that is not
 * even JSON, so a route that reads its body never gets to write anything.
 */
export function callWithUnreadableBody(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { lang: 'en', 'x-forwarded-for': freshAddress() };
  if (token !== undefined) headers.authorization = token;
  if (method === 'GET') return app.inject({ method, url, headers });
  return app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{"unclosed": ',
  });
}
