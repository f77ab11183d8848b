import type { StaffAccount, StaffEnrolmentLink, StaffRoleOutcome } from '@meridian/contract/back-office';
import type { StaffCreateOutcome } from '@meridian/contract/proposals-staff';
import type { StaffRole } from '@meridian/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export const STAFF_KEY = ['staff', 'list'] as const;

/** GET /admin/api/staff/list: every staff account, active ones first. */
export function useStaffAccounts() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: () => adminApi<{ list: StaffAccount[] }>('GET', '/staff/list'),
  });
}

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
