import { type BindDrawMethodRequest, DrawMethod } from '@meridian/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshDrawMethods } from './funds-keys';

export type BindDrawMethodInput = Omit<BindDrawMethodRequest, 't'>;

/** POST /api/wallet/bind_draw_method: a coin address (checked for its network) or a bank account. */
export function bindDrawMethod(input: BindDrawMethodInput): Promise<DrawMethod> {
  return api.post('/api/wallet/bind_draw_method', input, { schema: DrawMethod });
}

export function useBindDrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDrawMethod,
    onSuccess: () => refreshDrawMethods(queryClient),
  });
}
