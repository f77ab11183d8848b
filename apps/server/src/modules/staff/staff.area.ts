import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context';
import type { AreaRegistration } from '../area';
import { ADMIN_API_PREFIX, adminApi } from './admin-api';
import type { ProposalHandlers } from './proposal-handlers';
import type { StaffRouteEntry } from './staff.guard';
import { staffProposalHandlers } from './staff-proposals';

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
 * guard. Other areas' back-office routes are handed to it (buildApp collects them from the areas'
 * declarations), so they sit behind the same guard without the back office importing those areas.
 */
export const registerStaff: AreaRegistration<{
  backOfficeRoutes: readonly BackOfficeRoutes[];
  /** How the proposals of other areas' kinds are applied (funds' channels, settings' settings). */
  proposalHandlers: ProposalHandlers;
}> = async (app, context, { backOfficeRoutes, proposalHandlers }) => {
  const routeTable: StaffRouteEntry[] = [];
  app.decorate('staffRouteTable', routeTable);
  await app.register(adminApi, {
    context,
    backOfficeRoutes,
    routeTable,
    proposalHandlers: { ...proposalHandlers, ...staffProposalHandlers },
    prefix: ADMIN_API_PREFIX,
  });
};
