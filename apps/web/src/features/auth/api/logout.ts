import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUserStore } from '../stores/user-store';

/** POST /api/user/logout revokes the token on the server. */
export function logout(): Promise<unknown> {
  return api.post('/api/user/logout', undefined, { loading: true });
}

/**
 * Logging out ends the customer's other account's session too (the real one kept while the demo
 * is in use, or the other way round); that one quietly, as leaving must always work.
 */
async function logoutBoth(): Promise<unknown> {
  const other = useUserStore.getState().other;
  if (other)
    await api.post('/api/user/logout', undefined, { token: other.token, silent: true }).catch(() => {});
  return logout();
}

export function useLogout() {
  return useMutation({ mutationFn: logoutBoth });
}
