// The back office's front door: the only file other areas import. What it does not export is private.
export { type AuditEntry, recordAudit, type StaffActor } from './audit';
export { type ListAudit, readAuditedList } from './audited-list';
export { backOfficeGroup } from './back-office-group';
export { answeredPage, type ListWindow, listAuditEntry, listWindow } from './list-window';
export { type ProposalHandler, type ProposalHandlers, targetId } from './proposal-handlers';
export { proposeChange } from './proposals.service';
export { type BackOfficeRoutes, registerStaff } from './staff.area';
export { staffOf } from './staff.guard';
export {
  type AuthenticatedStaff,
  actorOf,
  createStaff,
  requirePermission,
  staffNameToStore,
} from './staff.service';
export { enrolmentPath, issueEnrolment } from './staff-enrolment.service';
export {
  liveStaffSessions,
  type StaffSocketLogin,
  staffSocketLogin,
  staffSocketSubscribe,
} from './staff-socket.service';
