import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context';
import type { AreaRegistration } from '../area';
import { ADMIN_API_PREFIX, adminApi } from './admin-api';
import type { StaffRouteEntry } from './staff.guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every back-office route with the roles it declares (the role-matrix test walks it). */
    staffRouteTable: readonly StaffRouteEntry[];
  }
}

/** Routes another area adds to the back office; they run behind the staff guard. */
export type BackOfficeRoutes = FastifyPluginAsync<{ context: ServerContext }>;

/**
 * The back office: a sibling context of the customer routes under /admin/api, with its own staff
 * guard. Other areas' back-office routes are handed to it (from the list in app.ts), so they sit
 * behind the same guard without the back office importing those areas.
 */
export const registerStaff: AreaRegistration<{ backOfficeRoutes: readonly BackOfficeRoutes[] }> = async (
  app,
  context,
  { backOfficeRoutes },
) => {
  const routeTable: StaffRouteEntry[] = [];
  app.decorate('staffRouteTable', routeTable);
  await app.register(adminApi, { context, backOfficeRoutes, routeTable, prefix: ADMIN_API_PREFIX });
};
