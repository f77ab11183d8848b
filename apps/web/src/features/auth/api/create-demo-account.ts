import { SessionData } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The same device id always gets the same demo account back. */
export function createDemoAccount(deviceId: string): Promise<SessionData> {
  return api.get(
    '/api/user/createAccountDemoForU',
    { demo_id: deviceId },
    { schema: SessionData, loading: true },
  );
}

export function useCreateDemoAccount() {
  return useMutation({ mutationFn: createDemoAccount });
}
