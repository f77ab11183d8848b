import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Restores the demo account's virtual balance and closes everything on it (demo users only). */
export function resetDemoAccount(): Promise<unknown> {
  return api.get('/v1/api/main/user/resetForexDemoAccount', undefined, { loading: true });
}

export function useResetDemoAccount() {
  return useMutation({ mutationFn: resetDemoAccount });
}
