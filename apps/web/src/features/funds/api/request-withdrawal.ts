import { type DrawRequest, WithdrawRecord } from '@meridian/contract/funds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACCOUNT_DETAIL_KEY } from '../../../lib/get-account-detail';
import { refreshFundsRecords } from './funds-keys';

export type WithdrawalInput = Omit<DrawRequest, 't'>;

/**
 * POST /api/account/draw: the amount moves from the balance to the locked balance until staff pay
 * or reject it. A refusal (wrong password, identity not verified, over the balance) is toasted.
 */
export function requestWithdrawal(input: WithdrawalInput): Promise<WithdrawRecord> {
  return api.post('/api/account/draw', input, { schema: WithdrawRecord });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async () => {
      await Promise.all([
        refreshFundsRecords(queryClient),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_DETAIL_KEY }),
      ]);
    },
  });
}
