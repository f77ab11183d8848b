import { PublishLegalRequest, StaffLegalVersions, StaffLegalVersionsQuery } from '@meridian/contract/legal';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './legal-staff.service';

const editors = backOfficeGroup(rolesWith('content.edit'));

/** The terms and the risk warning's versions (role content); mounted under /admin/api behind the staff guard. */
export const legalBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/legal/versions',
    queryRoute(editors, StaffLegalVersionsQuery, StaffLegalVersions),
    async (request) =>
      ok(request, await service.listLegalVersions(context, staffOf(request), request.query.kind)),
  );

  app.post('/legal/publish', bodyRoute(editors, PublishLegalRequest, StaffLegalVersions), async (request) =>
    ok(request, await service.publishLegalVersion(context, staffOf(request), request.body)),
  );
};
