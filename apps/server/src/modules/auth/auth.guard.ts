import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerContext } from '../../context';
import { SessionInvalid } from '../../http/errors';
import { type AuthenticatedUser, authenticate, type ClientInfo } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` (or `app.identify`); null for a visitor. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a session: a missing or dead token answers code 999. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler for routes open to visitors that act differently for a signed-in user. */
    identify(request: FastifyRequest): Promise<void>;
  }
}

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Session checking shared by every module: registered with fastify-plugin so that the decorators
 * reach all route plugins registered after it.
 */
export const authGuard = fp<{ context: ServerContext }>(
  async (app: FastifyInstance, { context }) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await authenticate(context, headerOf(request));
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      if (!headerOf(request)) return;
      try {
        request.user = await authenticate(context, headerOf(request));
      } catch (error) {
        // A stale token on an open route is the same as none: the visitor is simply not signed in.
        if (!(error instanceof SessionInvalid)) throw error;
      }
    });
  },
  { name: 'auth-guard' },
);

/** The user of a route guarded by `app.authenticate`. */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new SessionInvalid();
  return request.user;
}

/** What the services keep about the client: its address (rate limits, sessions) and browser. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { address: request.ip, userAgent: Array.isArray(userAgent) ? userAgent[0] : userAgent };
}
