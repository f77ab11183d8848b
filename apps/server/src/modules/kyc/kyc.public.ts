// The real-name verification area's front door: the only file other areas import. What it does not
// export is private.
export { identityRecordOf } from './identity-record';
export { kycArea } from './kyc.area';
export { isVerified } from './kyc.service';
export { pendingSubmissionCount } from './kyc-figures.repository';
