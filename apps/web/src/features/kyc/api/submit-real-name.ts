import { RealNameCenter, type RealNameRequest } from '@meridian/contract/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REAL_NAME_QUERY_KEY } from './get-real-name-center';

export type SubmitRealNameInput = Omit<RealNameRequest, 't'>;

/** POST /api/user_real/real_name: answers the center as it now stands (review_status 1). */
export function submitRealName(input: SubmitRealNameInput): Promise<RealNameCenter> {
  return api.post('/api/user_real/real_name', input, { schema: RealNameCenter, loading: true });
}

export function useSubmitRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRealName,
    onSuccess: (center) => queryClient.setQueryData(REAL_NAME_QUERY_KEY, center),
  });
}
