import {
  AuditPage,
  AuditQuery,
  CreateStaffRequest,
  StaffAccount,
  StaffAccountList,
  StaffEnrolmentLink,
  StaffIdRequest,
  StaffListQuery,
  StaffRoleOutcome,
  StaffRoleRequest,
} from '@meridian/contract/back-office';
import { StaffCreateOutcome } from '@meridian/contract/proposals-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { auditPage } from './audit-view.service';
import { staffOf } from './staff.guard';
import * as service from './staff-admin.service';

const auditReaders = backOfficeGroup(rolesWith('audit.read'));
const staffManagers = backOfficeGroup(rolesWith('staff.manage'));

/** The audit log (read only: no route edits or deletes it) and staff accounts; under /admin/api. */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get('/audit', queryRoute(auditReaders, AuditQuery, AuditPage), async (request) =>
    ok(request, await auditPage(context, staffOf(request), request.query)),
  );

  app.get('/staff/list', queryRoute(staffManagers, StaffListQuery, StaffAccountList), async (request) =>
    ok(request, await service.listStaffAccounts(context)),
  );

  app.post(
    '/staff/create',
    bodyRoute(staffManagers, CreateStaffRequest, StaffCreateOutcome),
    async (request) => ok(request, await service.createStaffAccount(context, staffOf(request), request.body)),
  );

  app.post('/staff/role', bodyRoute(staffManagers, StaffRoleRequest, StaffRoleOutcome), async (request) =>
    ok(request, await service.changeStaffRole(context, staffOf(request), request.body)),
  );

  app.post('/staff/disable', bodyRoute(staffManagers, StaffIdRequest, StaffAccount), async (request) =>
    ok(
      request,
      await service.setStaffAccountActive(context, staffOf(request), {
        id: request.body.id,
        active: false,
      }),
    ),
  );

  app.post('/staff/enable', bodyRoute(staffManagers, StaffIdRequest, StaffAccount), async (request) =>
    ok(
      request,
      await service.setStaffAccountActive(context, staffOf(request), { id: request.body.id, active: true }),
    ),
  );

  app.post(
    '/staff/reissue_enrolment',
    bodyRoute(staffManagers, StaffIdRequest, StaffEnrolmentLink),
    async (request) => ok(request, await service.reissueEnrolment(context, staffOf(request), request.body)),
  );
};
