import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshDrawMethods } from './funds-keys';

/** POST /api/wallet/del_draw_method: answers `{}`; refused while a withdrawal waits on the method. */
export async function deleteDrawMethod(id: number): Promise<void> {
  await api.post('/api/wallet/del_draw_method', { id }, { loading: true });
}

export function useDeleteDrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDrawMethod,
    onSuccess: () => refreshDrawMethods(queryClient),
  });
}
