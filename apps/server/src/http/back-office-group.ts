import { rolesWith, type StaffPermission, type StaffRoleName } from '@meridian/domain/staff-roles';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedStaff } from '../modules/staff/staff.public';
import { SessionInvalid } from './errors';
import type { RouteGroup } from './route-schemas';
import { routesFor } from './route-table';

// Here, not in the staff area: the route files call these as they load, and the areas import
// each other in circles (test/front-doors-load.test.ts), so they must not sit in an area's graph.

/** The back-office routes open to `roles` (the staff guard checks them before the handler). */
export function backOfficeGroup(roles: readonly StaffRoleName[]): RouteGroup {
  return { tags: ['back office'], token: true, config: { staffRoles: roles } };
}

/** The staff member of a guarded back-office route. */
export function staffOf(request: FastifyRequest): AuthenticatedStaff {
  if (!request.staff) throw new SessionInvalid();
  return request.staff;
}

const staffMember = routesFor(staffOf);

/**
 * The back-office routes open to those who hold `permission`: the staff guard lets in the roles that
 * hold it, and each route's action gets the signed-in staff member.
 */
export function staffRoutesWith(permission: StaffPermission) {
  return staffMember(backOfficeGroup(rolesWith(permission)));
}
