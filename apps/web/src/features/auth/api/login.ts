import { type LoginRequest, SessionData } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type LoginInput = Omit<LoginRequest, 't'>;

/** POST /api/user/loginForU: e-mail, or area id + mobile number, and the password. */
export function login(input: LoginInput): Promise<SessionData> {
  return api.post('/api/user/loginForU', input, { schema: SessionData, loading: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
