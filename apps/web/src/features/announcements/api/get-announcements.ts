import { AnnouncementList } from '@meridian/contract/content';
import { LIMITS } from '@meridian/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/next-page';

/** GET /api/announcement/list: one page of notices, newest first, in the reader's language. */
export function getAnnouncements(page: number, signal?: AbortSignal): Promise<AnnouncementList> {
  return api.get(
    '/api/announcement/list',
    { page, limit: LIMITS.newsPageSizeDefault },
    { schema: AnnouncementList, signal },
  );
}

export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: ['announcements', 'list'],
    queryFn: ({ pageParam, signal }) => getAnnouncements(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.list.length),
  });
}
