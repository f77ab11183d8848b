import { DepositPage } from '@meridian/contract/funds';
import { LIMITS } from '@meridian/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/next-page';
import { FUNDS_KEYS } from './funds-keys';

/** GET /api/quickCharge/quick_ist: a page of the customer's deposits (coin and bank), newest first. */
export function getDepositRecords(page: number, signal?: AbortSignal): Promise<DepositPage> {
  return api.get(
    '/api/quickCharge/quick_ist',
    { page, limit: LIMITS.fundsPageSizeDefault },
    { schema: DepositPage, signal },
  );
}

/** Read afresh on every visit (a review may have finished meanwhile); pushes update it in place. */
export function useDepositRecords() {
  return useInfiniteQuery({
    queryKey: FUNDS_KEYS.depositRecords,
    queryFn: ({ pageParam, signal }) => getDepositRecords(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.list.length),
    staleTime: 0,
  });
}
