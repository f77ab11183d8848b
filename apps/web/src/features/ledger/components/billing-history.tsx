import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { WEB_LIMITS } from '../../../lib/limits';
import { restartBillingHistory, useBillingHistory } from '../api/get-billing-history';
import { ledgerLinesOf } from '../utils/ledger-lines';
import { LedgerRow } from './ledger-row';
import { LedgerSkeleton } from './ledger-skeleton';
import './billing-history.css';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The account ledger (spec section 2, /mine/history): every move of the available balance, newest
 * first, 10 skeleton rows while loading, pull-to-refresh ending after 500 ms, more as it scrolls.
 */
export function BillingHistory() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const history = useBillingHistory();
  const lines = useMemo(() => ledgerLinesOf(history.data?.pages ?? []), [history.data]);

  const refresh = async () => {
    void restartBillingHistory(queryClient).catch(() => {});
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  const loadMore = async () => {
    const result = await history.fetchNextPage();
    if (result.isError) throw result.error;
  };

  let body: ReactNode;
  if (history.isPending) body = <LedgerSkeleton />;
  else if (history.isError && !history.data) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('ledger.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (lines.length === 0) {
    body = <ErrorBlock status="empty" title={t('ledger.empty')} description="" />;
  } else {
    body = (
      <>
        <div className="ledger-rows">
          {lines.map((line) => (
            <LedgerRow key={line.Id} line={line} dates={dates} />
          ))}
        </div>
        <InfiniteScroll loadMore={loadMore} hasMore={history.hasNextPage} />
      </>
    );
  }
  return <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>;
}
