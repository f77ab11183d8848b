// The auth area's front door: the only file other areas import. What it does not export is private.
export { authArea } from './auth.area';
export { clientOf, userOf } from './auth.guard';
export { newCustomerCounts } from './customer-figures.repository';
export {
  type CustomerRecordRow,
  customerRecord,
  liveSessionsOf,
  lockCustomer,
  searchCustomerRecords,
  setLoginDisabledAt,
} from './customer-records.service';
export { newSessionToken, normalizeEmail } from './identifiers';
export { checkAccountPassword } from './password-check.service';
export { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
export {
  type AuthenticatedUser,
  authenticate,
  type ClientInfo,
  endUserSessions,
  hashToken,
  sessionsEnded,
  tokenFromHeader,
} from './sessions.service';
export { insertUserWithFreshCodes } from './users.service';
