import type { StaffRoleName } from '@meridian/domain/staff-roles';
import type { RouteGroup } from './route-schemas';

/** The back-office routes open to `roles` (the staff guard checks them before the handler). */
export function backOfficeGroup(roles: readonly StaffRoleName[]): RouteGroup {
  return { tags: ['back office'], token: true, config: { staffRoles: roles } };
}
