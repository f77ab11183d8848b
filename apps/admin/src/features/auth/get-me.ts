import type { StaffMe } from '@meridian/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';
import { clearSession } from '../../lib/session';

export const ME_KEY = ['me'] as const;

/** GET /admin/api/me: the signed-in staff member and role, and where the prices come from. */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: () => adminApi<StaffMe>('GET', '/me') });
}

/** POST /admin/api/logout, then forget the token and everything loaded under it, whatever the answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi<Record<string, never>>('POST', '/logout'),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
