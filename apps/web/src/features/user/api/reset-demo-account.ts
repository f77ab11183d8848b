import { DemoResetAnswer } from '@meridian/contract/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Restores the demo account's virtual balance and closes everything on it (demo users only). */
export function resetDemoAccount(): Promise<DemoResetAnswer> {
  return api.get('/v1/api/main/user/resetForexDemoAccount', undefined, {
    schema: DemoResetAnswer,
    loading: true,
  });
}

export function useResetDemoAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDemoAccount,
    // A reset changes every figure of the account (balance, orders, ledger), wherever a screen shows
    // it: everything cached is read again rather than each feature's keys named here.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
