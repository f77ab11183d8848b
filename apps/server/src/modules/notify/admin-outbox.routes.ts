import { OutboxPage, OutboxQuery } from '@meridian/contract/outbox-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import { viewOutbox } from './outbox-viewer.service';

/** The outbox viewer; mounted under /admin/api behind the staff guard. */
export const adminOutboxRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/outbox',
    queryRoute(backOfficeGroup(rolesWith('outbox.read')), OutboxQuery, OutboxPage),
    async (request) => ok(request, await viewOutbox(context, staffOf(request), request.query)),
  );
};
