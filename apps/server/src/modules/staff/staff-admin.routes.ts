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
import { envelope } from '@meridian/contract/envelope';
import { StaffCreateOutcome } from '@meridian/contract/proposals-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { auditPage } from './audit-view.service';
import { staffOf } from './staff.guard';
import * as service from './staff-admin.service';

const auditReaders = rolesWith('audit.read');
const staffManagers = rolesWith('staff.manage');
const tags = ['back office'];
const security = [{ token: [] }];

/** The audit log (read only: no route edits or deletes it) and staff accounts; under /admin/api. */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/audit',
    {
      config: { staffRoles: auditReaders },
      schema: { tags, security, querystring: AuditQuery, response: { 200: envelope(AuditPage) } },
    },
    async (request) => ok(request, await auditPage(context, staffOf(request), request.query)),
  );

  app.get(
    '/staff/list',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, querystring: StaffListQuery, response: { 200: envelope(StaffAccountList) } },
    },
    async (request) => ok(request, await service.listStaffAccounts(context)),
  );

  app.post(
    '/staff/create',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, body: CreateStaffRequest, response: { 200: envelope(StaffCreateOutcome) } },
    },
    async (request) => ok(request, await service.createStaffAccount(context, staffOf(request), request.body)),
  );

  app.post(
    '/staff/role',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, body: StaffRoleRequest, response: { 200: envelope(StaffRoleOutcome) } },
    },
    async (request) => ok(request, await service.changeStaffRole(context, staffOf(request), request.body)),
  );

  app.post(
    '/staff/disable',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, body: StaffIdRequest, response: { 200: envelope(StaffAccount) } },
    },
    async (request) =>
      ok(
        request,
        await service.setStaffAccountActive(context, staffOf(request), {
          id: request.body.id,
          active: false,
        }),
      ),
  );

  app.post(
    '/staff/enable',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, body: StaffIdRequest, response: { 200: envelope(StaffAccount) } },
    },
    async (request) =>
      ok(
        request,
        await service.setStaffAccountActive(context, staffOf(request), { id: request.body.id, active: true }),
      ),
  );

  app.post(
    '/staff/reissue_enrolment',
    {
      config: { staffRoles: staffManagers },
      schema: { tags, security, body: StaffIdRequest, response: { 200: envelope(StaffEnrolmentLink) } },
    },
    async (request) => ok(request, await service.reissueEnrolment(context, staffOf(request), request.body)),
  );
};
