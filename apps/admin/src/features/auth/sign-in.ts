import type { Staff } from '@meridian/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';
import { saveSession } from '../../lib/session';
import { ME_KEY } from './get-me';
import type { SignInFields } from './sign-in-fields';

/**
 * POST /admin/api/login: the password and a TOTP code or a recovery code. Whatever an earlier
 * staff member of this tab had loaded is dropped before the new session shows: a finance clerk
 * signing in after an administrator must never see the administrator's screens, even for a frame.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SignInFields) =>
      adminApi<{ token: string; staff: Staff }>('POST', '/login', fields as Record<string, string>),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, session.staff);
      saveSession(session.token);
    },
  });
}
