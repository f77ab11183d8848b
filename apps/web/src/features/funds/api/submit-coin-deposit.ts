import { type CoinDepositRequest, DepositRecord } from '@meridian/contract/funds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFundsRecords } from './funds-keys';

export type CoinDepositInput = Omit<CoinDepositRequest, 't'>;

/**
 * POST /api/quickCharge/submit (the spec writes it as GET; POST takes the same fields and keeps the
 * proof's name out of server logs of addresses). The address shown is sent back, so a channel whose
 * address staff changed meanwhile refuses instead of crediting coins sent to an old one.
 */
export function submitCoinDeposit(input: CoinDepositInput): Promise<DepositRecord> {
  return api.post('/api/quickCharge/submit', input, { schema: DepositRecord });
}

export function useSubmitCoinDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCoinDeposit,
    onSuccess: () => refreshFundsRecords(queryClient),
  });
}
