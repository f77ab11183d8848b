import { LIMITS } from '@meridian/contract/limits';
import { LedgerPage } from '@meridian/contract/trading';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const FIRST_PAGE = 1;
export const BILLING_HISTORY_KEY = ['ledger', 'billing-history'] as const;

/** GET /v1/api/main/accountLog/forexChange: a page of the available balance's entries, newest first. */
export function getBillingHistory(page: number, signal?: AbortSignal): Promise<LedgerPage> {
  return api.get(
    '/v1/api/main/accountLog/forexChange',
    { page, limit: LIMITS.ledgerPageSizeDefault },
    { schema: LedgerPage, signal },
  );
}

export function nextLedgerPage(last: LedgerPage): number | undefined {
  return last.page * last.limit < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** The billing history, paged as the reader scrolls; read afresh on every visit (money moves). */
export function useBillingHistory() {
  return useInfiniteQuery({
    queryKey: BILLING_HISTORY_KEY,
    queryFn: ({ pageParam, signal }) => getBillingHistory(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextLedgerPage,
    staleTime: 0,
  });
}

/** Pull-to-refresh starts again from the newest page, dropping the pages further down. */
export async function restartBillingHistory(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<InfiniteData<LedgerPage, number>>(BILLING_HISTORY_KEY, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey: BILLING_HISTORY_KEY, exact: true });
}
