import type { User } from '@meridian/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

const userSchema = lazySchema(() => import('@meridian/contract/auth').then((contract) => contract.User));

type GetUserInfoOptions = {
  /** At start-up: no toast, and a 999 only clears the stored session (spec section 7: "init"). */
  init?: boolean;
  signal?: AbortSignal;
};

export function getUserInfo({ init = false, signal }: GetUserInfoOptions = {}): Promise<User> {
  return api.get('/api/user/info', undefined, { schema: userSchema, init, silent: init, signal });
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: ['user', 'info'], queryFn: ({ signal }) => getUserInfo({ signal }), enabled });
}
