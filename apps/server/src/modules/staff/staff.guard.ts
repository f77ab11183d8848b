import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { SessionInvalid } from '../../http/errors';
import { type AuthenticatedStaff, authenticateStaff } from './staff.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on back-office routes; null elsewhere and before the guard. */
    staff: AuthenticatedStaff | null;
  }
  interface FastifyContextConfig {
    /** A back-office route open without a staff session (only the login). */
    staffPublic?: boolean;
  }
}

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The back office's own auth hook, installed in its plugin context only (a sibling of the
 * customer routes): every route there needs a staff session unless it says `staffPublic`.
 */
export async function installStaffGuard(app: FastifyInstance, context: ServerContext): Promise<void> {
  app.decorateRequest('staff', null);
  // onRequest, before the body is read or validated: a request without a staff session learns
  // nothing about the route's fields.
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.staffPublic) return;
    request.staff = await authenticateStaff(context, headerOf(request), request.ip);
  });
}

/** The staff member of a guarded back-office route. */
export function staffOf(request: FastifyRequest): AuthenticatedStaff {
  if (!request.staff) throw new SessionInvalid();
  return request.staff;
}
