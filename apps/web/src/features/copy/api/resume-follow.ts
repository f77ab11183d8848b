import { Follow } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/resume: a paused follow copies the trader's next orders again. */
export function resumeFollow(followId: number): Promise<Follow> {
  return api.post('/api/follow/resume', { id: followId }, { schema: Follow, loading: true });
}

export function useResumeFollow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeFollow, onSuccess: () => refreshCopyData(queryClient) });
}
