import { DepositRecord, type WireDepositRequest } from '@meridian/contract/funds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFundsRecords } from './funds-keys';

export type WireDepositInput = Omit<WireDepositRequest, 't'>;

/** POST /api/quickCharge/wire_submit: a bank wire reported with its proof (GET in the spec, same fields). */
export function submitWireDeposit(input: WireDepositInput): Promise<DepositRecord> {
  return api.post('/api/quickCharge/wire_submit', input, { schema: DepositRecord });
}

export function useSubmitWireDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWireDeposit,
    onSuccess: () => refreshFundsRecords(queryClient),
  });
}
