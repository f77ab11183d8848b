// The back office's front door: the only file other areas import. What it does not export is private.
export { type AuditEntry, recordAudit, type StaffActor } from './audit';
export { readAuditedList } from './audited-list';
export { answeredPage, listAuditEntry, listWindow } from './list-window';
export { type ProposalHandlers, targetId } from './proposal-handlers';
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
  staffSocketLogin,
  staffSocketSubscribe,
} from './staff-socket.service';
