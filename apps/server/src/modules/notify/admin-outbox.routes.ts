import { envelope } from '@meridian/contract/envelope';
import { OutboxPage, OutboxQuery } from '@meridian/contract/outbox-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import { viewOutbox } from './outbox-viewer.service';

const tags = ['back office'];
const security = [{ token: [] }];

/** The outbox viewer; mounted under /admin/api behind the staff guard. */
export const adminOutboxRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/outbox',
    {
      config: { staffRoles: rolesWith('outbox.read') },
      schema: { tags, security, querystring: OutboxQuery, response: { 200: envelope(OutboxPage) } },
    },
    async (request) => ok(request, await viewOutbox(context, staffOf(request), request.query)),
  );
};
