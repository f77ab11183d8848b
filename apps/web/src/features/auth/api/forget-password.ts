import type { ForgetPasswordRequest } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ForgetPasswordInput = Omit<ForgetPasswordRequest, 't'>;

export function forgetPassword(input: ForgetPasswordInput): Promise<unknown> {
  return api.post('/api/user/forget_password', input, { loading: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
