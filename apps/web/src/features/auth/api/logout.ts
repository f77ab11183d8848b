import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/logout revokes the token on the server. */
export function logout(): Promise<unknown> {
  return api.post('/api/user/logout', undefined, { loading: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
