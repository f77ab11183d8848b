import { RankingSort } from '@meridian/contract/copy';
import { Button, ErrorBlock, PullToRefresh, Tabs } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineSkeletonRows } from '../../../components/skeleton-rows';
import { WEB_LIMITS } from '../../../lib/limits';
import { useRanking } from '../api/get-ranking';
import { RankingRow } from './ranking-row';
import './ranking.css';

/** Spec section 9: a skeleton list of 10 rows. */
const RANKING_SKELETON_ROWS = 10;

const SORTS = RankingSort.options;
const SORT_KEYS: Record<RankingSort, string> = {
  rate: 'copy.sort.rate',
  win: 'copy.sort.win',
  followers: 'copy.sort.followers',
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isSort(key: string): key is RankingSort {
  return (SORTS as readonly string[]).includes(key);
}

/**
 * The copy-trading ranking (/rank): sort tabs (three-week return, win rate, followers), the ranked
 * traders, 10 skeleton rows while loading and pull-to-refresh ending after 500 ms (spec sections
 * 2, 3 and 9). Figures come from closed orders only; the note under the tabs says so.
 */
export function RankingBoard({ onOpenTrader }: { onOpenTrader(traderId: number): void }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<RankingSort>('rate');
  const ranking = useRanking(sort);

  const refresh = async () => {
    void ranking.refetch();
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  let body: ReactNode;
  if (ranking.isPending)
    body = <LineSkeletonRows prefix="rank" count={RANKING_SKELETON_ROWS} testId="rank-skeleton" short />;
  else if (ranking.isError && !ranking.data) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('copy.rank.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void ranking.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (ranking.data.length === 0) {
    body = <ErrorBlock status="empty" title={t('copy.rank.empty')} description="" />;
  } else {
    body = (
      <ol className="rank-rows">
        {ranking.data.map((entry, index) => (
          <li key={entry.trader_id}>
            <RankingRow entry={entry} place={index + 1} sort={sort} onOpen={onOpenTrader} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="ranking-board">
      <Tabs
        className="rank-tabs"
        // antd-mobile lays its tabs out left to right unless told: Arabic reads them from the right.
        direction={i18n.dir()}
        activeKey={sort}
        onChange={(key) => {
          if (isSort(key)) setSort(key);
        }}
      >
        {SORTS.map((key) => (
          <Tabs.Tab key={key} title={<span data-sort={key}>{t(SORT_KEYS[key])}</span>} />
        ))}
      </Tabs>
      <p className="rank-note">{t('copy.rank.note')}</p>
      <PullToRefresh onRefresh={refresh}>
        <div className="rank-list" data-sort={sort}>
          {body}
        </div>
      </PullToRefresh>
    </div>
  );
}
