import { envelope } from '@meridian/contract/envelope';
import { PublishLegalRequest, StaffLegalVersions, StaffLegalVersionsQuery } from '@meridian/contract/legal';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as service from './legal-staff.service';

const tags = ['back office'];
const security = [{ token: [] }];
const config = { staffRoles: rolesWith('content.edit') };

/** The terms and the risk warning's versions (role content); mounted under /admin/api behind the staff guard. */
export const legalBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/legal/versions',
    {
      config,
      schema: {
        tags,
        security,
        querystring: StaffLegalVersionsQuery,
        response: { 200: envelope(StaffLegalVersions) },
      },
    },
    async (request) =>
      ok(request, await service.listLegalVersions(context, staffOf(request), request.query.kind)),
  );

  app.post(
    '/legal/publish',
    {
      config,
      schema: { tags, security, body: PublishLegalRequest, response: { 200: envelope(StaffLegalVersions) } },
    },
    async (request) =>
      ok(request, await service.publishLegalVersion(context, staffOf(request), request.body)),
  );
};
