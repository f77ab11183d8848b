import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { translate } from '../../http/i18n';
import type { ProposalHandlers } from './proposal-handlers';
import { proposalsRoutes } from './proposals.routes';
import type { BackOfficeRoutes } from './staff.area';
import { installStaffGuard, type StaffRouteEntry } from './staff.guard';
import { staffRoutes } from './staff.routes';
import { staffAdminRoutes } from './staff-admin.routes';

export const ADMIN_API_PREFIX = '/admin/api';

/**
 * The back-office API: a sibling context of the customer routes, under /admin/api, with its own
 * auth hook (staff sessions, never customer ones) and its own not-found answer.
 */
export async function adminApi(
  app: FastifyInstance,
  {
    context,
    backOfficeRoutes,
    routeTable,
    proposalHandlers,
  }: {
    context: ServerContext;
    backOfficeRoutes: readonly BackOfficeRoutes[];
    routeTable: StaffRouteEntry[];
    proposalHandlers: ProposalHandlers;
  },
): Promise<void> {
  await installStaffGuard(app, context, routeTable);
  await app.register(staffRoutes, { context });
  await app.register(staffAdminRoutes, { context });
  await app.register(proposalsRoutes, { context, handlers: proposalHandlers });
  for (const routes of backOfficeRoutes) await app.register(routes, { context });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 0, msg: translate(request.lang, 'error.not_found'), data: null }),
  );
}
