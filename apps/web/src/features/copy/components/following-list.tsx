import type { Follow } from '@meridian/contract/copy';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useMyFollows } from '../api/get-my-follows';
import { useFollowActions } from '../hooks/use-follow-actions';
import { sortFollows } from '../utils/follow-labels';
import { FollowCard } from './follow-card';
import { FollowSheet } from './follow-sheet';
import { FollowSkipsPopup } from './follow-skips-popup';
import './trader-profile.css';
import './follow.css';

/** Spec section 9: a skeleton list of 10 rows. */
const FOLLOW_SKELETON_ROWS = 10;

type FollowingListProps = {
  onOpenTrader(traderId: number): void;
  onOpenRanking(): void;
  accountIsDemo: boolean | null;
  onOrdersChanged?(): void;
};

/**
 * The traders I follow, running ones first: each with my settings and results, pause or resume,
 * stop, edit, the skipped orders, and the way to the trader's profile.
 */
export function FollowingList({
  onOpenTrader,
  onOpenRanking,
  accountIsDemo,
  onOrdersChanged,
}: FollowingListProps) {
  const { t } = useTranslation();
  const follows = useMyFollows();
  const actions = useFollowActions(onOrdersChanged);
  const [skipsOf, setSkipsOf] = useState<Follow | null>(null);
  const [editing, setEditing] = useState<Follow | null>(null);
  const sorted = useMemo(() => sortFollows(follows.data ?? []), [follows.data]);

  let body: ReactNode;
  if (follows.isPending) {
    body = (
      <SkeletonRows count={FOLLOW_SKELETON_ROWS} className="follow-skeleton" testId="follow-skeleton">
        <Skeleton animated className="follow-skeleton-row" />
      </SkeletonRows>
    );
  } else if (follows.isError && !follows.data) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('copy.follow.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void follows.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (sorted.length === 0) {
    body = (
      <ErrorBlock status="empty" title={t('copy.follow.empty')} description={t('copy.follow.emptyHint')}>
        <Button color="primary" onClick={onOpenRanking} className="find-traders">
          {t('copy.follow.findTraders')}
        </Button>
      </ErrorBlock>
    );
  } else {
    body = (
      <div className="follow-cards">
        {sorted.map((follow) => (
          <FollowCard
            key={follow.id}
            follow={follow}
            actions={actions}
            onOpenTrader={onOpenTrader}
            onEdit={setEditing}
            onShowSkips={setSkipsOf}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="following-list">
      {body}
      <FollowSkipsPopup follow={skipsOf} onDismiss={() => setSkipsOf(null)} />
      <FollowSheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        traderId={editing?.trader_id ?? 0}
        traderName={editing?.trader_name ?? ''}
        follow={editing}
        accountIsDemo={accountIsDemo}
        onDone={() => setEditing(null)}
      />
    </div>
  );
}
