import { WithdrawPage } from '@meridian/contract/funds';
import { LIMITS } from '@meridian/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/next-page';
import { FUNDS_KEYS } from './funds-keys';

/** GET /api/account/draw_list: a page of the customer's withdrawals (coin and bank), newest first. */
export function getWithdrawalRecords(page: number, signal?: AbortSignal): Promise<WithdrawPage> {
  return api.get(
    '/api/account/draw_list',
    { page, limit: LIMITS.fundsPageSizeDefault },
    { schema: WithdrawPage, signal },
  );
}

/** Read afresh on every visit; pushes update it in place. */
export function useWithdrawalRecords() {
  return useInfiniteQuery({
    queryKey: FUNDS_KEYS.withdrawalRecords,
    queryFn: ({ pageParam, signal }) => getWithdrawalRecords(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.list.length),
    staleTime: 0,
  });
}
