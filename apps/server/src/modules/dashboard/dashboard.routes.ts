import { Dashboard, DashboardQuery } from '@meridian/contract/back-office';
import { envelope } from '@meridian/contract/envelope';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { dashboard, type NodeFigures } from './dashboard.service';

const tags = ['back office'];
const security = [{ token: [] }];

/**
 * The dashboard's back-office routes (mounted under /admin/api behind the staff guard). Made for a
 * node: the socket count is the hub's, which the services' context does not carry.
 */
export function dashboardRoutes(node: NodeFigures): FastifyPluginAsyncZod<{ context: ServerContext }> {
  return async (app, { context }) => {
    app.get(
      '/dashboard',
      {
        config: { staffRoles: rolesWith('dashboard.read') },
        schema: { tags, security, querystring: DashboardQuery, response: { 200: envelope(Dashboard) } },
      },
      async (request) => ok(request, await dashboard(context, node)),
    );
  };
}
