import type { SessionData } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

const sessionSchema = lazySchema(() =>
  import('@meridian/contract/auth').then((contract) => contract.SessionData),
);

/** POST /api/user/switch_demo: a session of the signed-in real customer's own demo account. */
export function switchDemo(): Promise<SessionData> {
  return api.post('/api/user/switch_demo', undefined, { loading: true, schema: sessionSchema });
}

export function useSwitchDemo() {
  return useMutation({ mutationFn: switchDemo });
}
