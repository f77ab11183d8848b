import { LIMITS } from '@meridian/contract/limits';
import { LedgerPage } from '@meridian/contract/trading';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, restartFromFirstPage } from '../../../lib/next-page';

export const BILLING_HISTORY_KEY = ['ledger', 'billing-history'] as const;

/** GET /v1/api/main/accountLog/forexChange: a page of the available balance's entries, newest first. */
export function getBillingHistory(page: number, signal?: AbortSignal): Promise<LedgerPage> {
  return api.get(
    '/v1/api/main/accountLog/forexChange',
    { page, limit: LIMITS.ledgerPageSizeDefault },
    { schema: LedgerPage, signal },
  );
}

/** The billing history, paged as the reader scrolls; read afresh on every visit (money moves). */
export function useBillingHistory() {
  return useInfiniteQuery({
    queryKey: BILLING_HISTORY_KEY,
    queryFn: ({ pageParam, signal }) => getBillingHistory(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.list.length),
    staleTime: 0,
  });
}

/** Pull-to-refresh starts again from the newest page, dropping the pages further down. */
export function restartBillingHistory(queryClient: QueryClient): Promise<void> {
  return restartFromFirstPage(queryClient, BILLING_HISTORY_KEY);
}
