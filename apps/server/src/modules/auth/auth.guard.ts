import { withoutControlCharacters } from '@meridian/contract/fields';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerContext } from '../../context';
import { SessionInvalid } from '../../http/errors';
import { type RouteAccess, routeAccess } from './route-access';
import { type AuthenticatedUser, authenticate, type ClientInfo } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the guard on signed-in and identified routes; null for a visitor. */
    user: AuthenticatedUser | null;
  }
}

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

/** The hook each kind of route runs first; null: the token is not read. */
function checkFor(context: ServerContext, access: RouteAccess): onRequestAsyncHookHandler | null {
  if (access === 'open') return null;
  if (access === 'signed-in') {
    return async (request) => {
      request.user = await authenticate(context, headerOf(request));
    };
  }
  return async (request) => {
    if (!headerOf(request)) return;
    try {
      request.user = await authenticate(context, headerOf(request));
    } catch (error) {
      // A stale token on an open route is the same as none: the visitor is simply not signed in.
      if (!(error instanceof SessionInvalid)) throw error;
    }
  };
}

/**
 * The one session check of the customer API: registered with fastify-plugin, its onRoute hook sees
 * every route registered after it and puts the check first in the route's onRequest hooks, before
 * the body is read, parsed or validated. So a call without a valid session answers 999 and learns
 * nothing about the route's fields, and a new route needs a session unless route-access.ts lists it.
 */
export const authGuard = fp<{ context: ServerContext }>(
  async (app: FastifyInstance, { context }) => {
    app.decorateRequest('user', null);
    const checks: Record<RouteAccess, onRequestAsyncHookHandler | null> = {
      open: null,
      identified: checkFor(context, 'identified'),
      'signed-in': checkFor(context, 'signed-in'),
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      const access = routeAccess(route.method, route.url);
      const check = access === null ? null : checks[access];
      if (!check) return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [check, ...own];
    });
  },
  { name: 'auth-guard' },
);

export { userOf } from '../../http/customer-routes';

/**
 * What the services keep about the client: its address (rate limits, sessions) and browser. Both
 * come from headers (the address from X-Forwarded-For when a trusted proxy sent it) and are stored
 * with the session without a schema to refuse them, so their control characters are dropped here:
 * PostgreSQL refuses a NUL in text.
 */
export function clientOf(request: FastifyRequest): ClientInfo {
  const header = request.headers['user-agent'];
  const userAgent = Array.isArray(header) ? header[0] : header;
  return {
    address: withoutControlCharacters(request.ip),
    userAgent: userAgent === undefined ? undefined : withoutControlCharacters(userAgent),
  };
}
