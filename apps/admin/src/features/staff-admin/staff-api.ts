import type { StaffAccount, StaffEnrolmentLink } from '@meridian/contract/back-office';
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

export const createStaff = (fields: { email: string; name: string; role: StaffRole }) =>
  adminApi<StaffEnrolmentLink>('POST', '/staff/create', fields);

export const changeRole = (fields: { id: number; role: StaffRole }) =>
  adminApi<StaffAccount>('POST', '/staff/role', fields);

export const setActive = ({ id, active }: { id: number; active: boolean }) =>
  adminApi<StaffAccount>('POST', active ? '/staff/enable' : '/staff/disable', { id });

export const reissueEnrolment = (fields: { id: number }) =>
  adminApi<StaffEnrolmentLink>('POST', '/staff/reissue_enrolment', fields);
