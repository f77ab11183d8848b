import type { AmendPasswordRequest } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AmendPasswordInput = Omit<AmendPasswordRequest, 't' | 'type'>;

/** POST /api/user/amend_password: a new password with the code sent to the user's own address. */
export function amendPassword(input: AmendPasswordInput): Promise<unknown> {
  return api.post('/api/user/amend_password', input, { loading: true });
}

export function useAmendPassword() {
  return useMutation({ mutationFn: amendPassword });
}
