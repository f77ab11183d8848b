import { Dashboard, DashboardQuery } from '@meridian/contract/back-office';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { queryRoute } from '../../http/route-schemas';
import { dashboard, type NodeFigures } from './dashboard.service';

/**
 * The dashboard's back-office routes (mounted under /admin/api behind the staff guard). Made for a
 * node: the socket count is the hub's, which the services' context does not carry.
 */
export function dashboardRoutes(node: NodeFigures): FastifyPluginAsyncZod<{ context: ServerContext }> {
  return async (app, { context }) => {
    app.get(
      '/dashboard',
      queryRoute(backOfficeGroup(rolesWith('dashboard.read')), DashboardQuery, Dashboard),
      async (request) => ok(request, await dashboard(context, node)),
    );
  };
}
