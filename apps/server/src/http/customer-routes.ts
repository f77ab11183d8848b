import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../modules/auth/auth.public';
import { SessionInvalid } from './errors';
import { routesFor } from './route-table';

// Here, not in the auth area, for the reason back-office-group.ts gives.

/** The user of a signed-in route (the auth area's route-access.ts). */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new SessionInvalid();
  return request.user;
}

/**
 * The signed-in customer routes of one group: each route's action gets the user the session check
 * named (a route not listed in route-access.ts as open needs a session).
 */
export const customerRoutes = routesFor(userOf);
