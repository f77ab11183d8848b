import type { StaffAccount, StaffEnrolmentLink, StaffRoleOutcome } from '@meridian/contract/back-office';
import type { StaffCreateOutcome } from '@meridian/contract/proposals-staff';
import type { StaffRole } from '@meridian/contract/staff';
import { adminApi } from '../../lib/api-client';

export { STAFF_KEY, useStaffAccounts } from '../../hooks/use-staff-accounts';

/** An admin account is only proposed (no link yet: the approving admin gets it). */
export const createStaff = (fields: { email: string; name: string; role: StaffRole }) =>
  adminApi<StaffCreateOutcome>('POST', '/staff/create', fields);

/** A promotion to admin is only proposed; other role changes apply at once. */
export const changeRole = (fields: { id: number; role: StaffRole }) =>
  adminApi<StaffRoleOutcome>('POST', '/staff/role', fields);

export const setActive = ({ id, active }: { id: number; active: boolean }) =>
  adminApi<StaffAccount>('POST', active ? '/staff/enable' : '/staff/disable', { id });

export const reissueEnrolment = (fields: { id: number }) =>
  adminApi<StaffEnrolmentLink>('POST', '/staff/reissue_enrolment', fields);
