// The real-name verification area's front door: the only file other areas import. What it does not
// export is private.
export { kycBackOfficeRoutes } from './admin-kyc.routes';
export { type IdentityRecord, identityRecordOf } from './identity-record';
export { registerKyc } from './kyc.area';
export { isVerified } from './kyc.service';
export { pendingSubmissionCount } from './kyc-figures.repository';
