import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import type { SubmissionState } from './identity-api';

/** The list's filters: the queue first, then the reviewed ones by state, then all. */
export const STATES: SubmissionState[] = ['pending', 'verified', 'rejected', 'all'];

/** Each state's tag colour: waiting gold, verified green, rejected red. */
export const STATE_COLORS: Record<StaffSubmission['state'], string> = {
  none: 'default',
  pending: 'gold',
  verified: 'green',
  rejected: 'red',
};
