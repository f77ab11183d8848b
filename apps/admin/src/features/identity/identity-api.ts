import type {
  ReviewSubmissionRequest,
  StaffSubmission,
  SubmissionListQuery,
} from '@meridian/contract/kyc-staff';
import type { SortOrder } from '@meridian/contract/list-sort';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export type SubmissionState = NonNullable<SubmissionListQuery['state']>;
type SubmissionPage = { list: StaffSubmission[]; total: number; page: number; limit: number };
type SubmissionPhotos = { front_pic: string; reverse_pic: string; expires_at: string };

export const SUBMISSIONS_KEY = ['kyc', 'submissions'] as const;

/** GET /admin/api/kyc/submissions: waiting ones oldest first (the queue), or by state. */
export function useSubmissions(filter: {
  state: SubmissionState;
  user_id?: number;
  sort?: string | undefined;
  order?: SortOrder | undefined;
  page: number;
  limit: number;
}) {
  return useQuery({
    queryKey: [...SUBMISSIONS_KEY, filter],
    queryFn: () => adminApi<SubmissionPage>('GET', '/kyc/submissions', filter),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /admin/api/kyc/photos: the two photos at addresses signed for this staff member (10 minutes);
 * read again when they are about to expire.
 */
export function useSubmissionPhotos(id: number | undefined) {
  return useQuery({
    queryKey: ['kyc', 'photos', id],
    queryFn: () => adminApi<SubmissionPhotos>('GET', '/kyc/photos', { id }),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
    refetchInterval: 8 * 60_000,
  });
}

/** POST /admin/api/kyc/review: approve, or reject with the reason the customer sees. */
export function reviewSubmission(input: Omit<ReviewSubmissionRequest, 't'>) {
  return adminApi<StaffSubmission>('POST', '/kyc/review', input);
}
