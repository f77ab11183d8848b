import { envelope } from '@meridian/contract/envelope';
import {
  InstrumentListQuery,
  StaffInstrument,
  StaffInstrumentList,
  UpdateInstrumentRequest,
} from '@meridian/contract/instruments-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as service from './instruments-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const instrumentEditors = rolesWith('instruments.edit');
const tags = ['back office'];
const security = [{ token: [] }];

/** The instruments' terms (permission instruments.edit); mounted under /admin/api behind the staff guard. */
export const instrumentsBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/instruments',
    {
      config: { staffRoles: instrumentEditors },
      schema: {
        tags,
        security,
        querystring: InstrumentListQuery,
        response: { 200: envelope(StaffInstrumentList) },
      },
    },
    async (request) => ok(request, await service.listStaffInstruments(context, staffOf(request))),
  );

  app.post(
    '/instruments/update',
    {
      config: { staffRoles: instrumentEditors },
      schema: { tags, security, body: UpdateInstrumentRequest, response: { 200: envelope(StaffInstrument) } },
    },
    async (request) =>
      ok(request, await service.updateStaffInstrument(context, staffOf(request), request.body)),
  );
};
