import {
  InstrumentListQuery,
  StaffInstrument,
  StaffInstrumentList,
  UpdateInstrumentRequest,
} from '@meridian/contract/instruments-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './instruments-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const instrumentEditors = backOfficeGroup(rolesWith('instruments.edit'));

/** The instruments' terms (permission instruments.edit); mounted under /admin/api behind the staff guard. */
export const instrumentsBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/instruments',
    queryRoute(instrumentEditors, InstrumentListQuery, StaffInstrumentList),
    async (request) => ok(request, await service.listStaffInstruments(context, staffOf(request))),
  );

  app.post(
    '/instruments/update',
    bodyRoute(instrumentEditors, UpdateInstrumentRequest, StaffInstrument),
    async (request) =>
      ok(request, await service.updateStaffInstrument(context, staffOf(request), request.body)),
  );
};
