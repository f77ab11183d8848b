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
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import { auditPage } from './audit-view.service';
import * as service from './staff-admin.service';

const auditReaders = staffRoutesWith('audit.read');
const staffManagers = staffRoutesWith('staff.manage');

/** The audit log (read only: no route edits or deletes it) and staff accounts; under /admin/api. */
export const staffAdminRoutes = routeTable([
  auditReaders.get('/audit', AuditQuery, AuditPage, auditPage),
  staffManagers.get('/staff/list', StaffListQuery, StaffAccountList, service.listStaffAccounts),
  staffManagers.post('/staff/create', CreateStaffRequest, StaffCreateOutcome, service.createStaffAccount),
  staffManagers.post('/staff/role', StaffRoleRequest, StaffRoleOutcome, service.changeStaffRole),
  staffManagers.post('/staff/disable', StaffIdRequest, StaffAccount, (context, staff, { id }) =>
    service.setStaffAccountActive(context, staff, { id, active: false }),
  ),
  staffManagers.post('/staff/enable', StaffIdRequest, StaffAccount, (context, staff, { id }) =>
    service.setStaffAccountActive(context, staff, { id, active: true }),
  ),
  staffManagers.post(
    '/staff/reissue_enrolment',
    StaffIdRequest,
    StaffEnrolmentLink,
    service.reissueEnrolment,
  ),
]);
