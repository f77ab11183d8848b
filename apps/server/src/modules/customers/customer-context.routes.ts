import { CustomerContext, CustomerContextQuery } from '@meridian/contract/customer-context-staff';
import { envelope } from '@meridian/contract/envelope';
import { asUserId } from '@meridian/domain/ids';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import { customerContext } from './customer-context.service';

/** Whoever reviews deposits, withdrawals or identities: the drawers show the customer. */
const reviewers = [...new Set([...rolesWith('funds.review'), ...rolesWith('kyc.review')])];

/** The review drawers' customer context; mounted under /admin/api behind the staff guard. */
export const customerContextRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/customers/context',
    {
      config: { staffRoles: reviewers },
      schema: {
        tags: ['back office'],
        security: [{ token: [] }],
        querystring: CustomerContextQuery,
        response: { 200: envelope(CustomerContext) },
      },
    },
    async (request) =>
      ok(request, await customerContext(context, staffOf(request), asUserId(request.query.user_id))),
  );
};
