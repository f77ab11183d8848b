import { User } from '@meridian/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type GetUserInfoOptions = {
  /** At start-up: no toast, and a 999 only clears the stored session (spec section 7: "init"). */
  init?: boolean;
  signal?: AbortSignal;
};

export function getUserInfo({ init = false, signal }: GetUserInfoOptions = {}): Promise<User> {
  return api.get('/api/user/info', undefined, { schema: User, init, silent: init, signal });
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: ['user', 'info'], queryFn: ({ signal }) => getUserInfo({ signal }), enabled });
}
