import type { StaffAccount } from '@meridian/contract/back-office';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/api-client';

export const STAFF_KEY = ['staff', 'list'] as const;

/**
 * GET /admin/api/staff/list: every staff account, active ones first. Shared: the staff screen
 * manages them, the audit log names them in its filter.
 */
export function useStaffAccounts() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: () => adminApi<{ list: StaffAccount[] }>('GET', '/staff/list'),
  });
}
