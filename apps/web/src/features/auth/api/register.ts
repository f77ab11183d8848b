import { type RegisterRequest, SessionData } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegisterInput = Omit<RegisterRequest, 't'>;

export function register(input: RegisterInput): Promise<SessionData> {
  return api.post('/api/user/register', input, { schema: SessionData, loading: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
