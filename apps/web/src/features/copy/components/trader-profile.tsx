import type { Follow, TraderProfile as TraderProfileData } from '@meridian/contract/copy';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import { useTraderProfile } from '../api/get-trader-profile';
import { useFollowActions } from '../hooks/use-follow-actions';
import { EquityChart } from './equity-chart';
import { FollowCard } from './follow-card';
import { FollowSheet } from './follow-sheet';
import { RecentTrades } from './recent-trades';
import { TraderHero } from './trader-hero';
import { TraderStats } from './trader-stats';
import './ranking.css';
import './trader-profile.css';
import './follow.css';

export type TraderProfileProps = {
  traderId: number | null;
  /** Who is looking (the token, or 'visitor'): the profile's own follow depends on it. */
  sessionKey: string;
  loggedIn: boolean;
  /** Whether the viewer's copies would open in a demo account (null while unknown). */
  accountIsDemo: boolean | null;
  /** A visitor pressed Follow: to the login, and back here after. */
  onLoginNeeded(): void;
  /** To the copy-trading tab, where the copies are. */
  onOpenCopies(): void;
  /** Copies may have closed: the order lists are read again. */
  onOrdersChanged?(): void;
};

function ProfileSkeleton() {
  return (
    <div className="trader-profile-skeleton" aria-busy="true" data-testid="trader-skeleton">
      <div className="copy-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={3} />
      </div>
      <div className="copy-card">
        <Skeleton animated className="trader-skeleton-chart" />
      </div>
    </div>
  );
}

/** The bottom bar: Follow, or what the viewer's relation to this trader is. */
function FollowBar({
  profile,
  onFollow,
  onOpenCopies,
}: {
  profile: TraderProfileData;
  onFollow(): void;
  onOpenCopies(): void;
}) {
  const { t } = useTranslation();
  const running = profile.my_follow !== null && profile.my_follow.state !== 'stopped';
  let content: ReactNode;
  if (profile.is_me === 1) content = <p className="follow-bar-note">{t('copy.profile.isMe')}</p>;
  else if (running) {
    content = (
      <Button block fill="outline" color="primary" onClick={onOpenCopies} className="follow-bar-copies">
        {t('copy.profile.viewCopies')}
      </Button>
    );
  } else {
    content = (
      <Button block color="primary" size="large" onClick={onFollow} className="follow-button">
        {t(profile.my_follow ? 'copy.profile.followAgain' : 'copy.profile.follow')}
      </Button>
    );
  }
  return <div className="follow-bar">{content}</div>;
}

/**
 * A trader's profile (/rank/trader?id=): who they are, the three-week and all-time statistics, the
 * equity curve, the latest closed orders, and the viewer's own follow of them with its actions, or
 * the Follow button (a visitor is sent to log in first; a trader cannot follow themselves).
 */
export function TraderProfile(props: TraderProfileProps) {
  const { t } = useTranslation();
  const { traderId, sessionKey, loggedIn, accountIsDemo, onLoginNeeded, onOpenCopies, onOrdersChanged } =
    props;
  const profile = useTraderProfile(traderId, sessionKey);
  const actions = useFollowActions(onOrdersChanged);
  const [form, setForm] = useState<{ follow: Follow | null } | null>(null);

  if (traderId === null)
    return <ErrorBlock status="empty" title={t('copy.profile.notFound')} description="" />;
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('copy.profile.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const data = profile.data;
  const myFollow = data.my_follow;

  const follow = () => {
    if (!loggedIn) onLoginNeeded();
    else setForm({ follow: null });
  };

  return (
    <div className="trader-profile" data-trader-id={data.trader.trader_id}>
      <TraderHero trader={data.trader} />
      {myFollow && (
        <section className="my-follow" aria-label={t('copy.profile.myFollow')}>
          <h3 className="copy-section-title">{t('copy.profile.myFollow')}</h3>
          <FollowCard
            follow={myFollow}
            actions={actions}
            onEdit={(current) => setForm({ follow: current })}
          />
        </section>
      )}
      <section className="copy-card equity-card" aria-labelledby="equity-title">
        <h3 className="copy-card-title" id="equity-title">
          {t('copy.profile.curve')}
        </h3>
        <p className="copy-card-caption">{t('copy.profile.curveCaption')}</p>
        {/* One boundary for the chart (house style): a drawing fault leaves the figures. */}
        <AreaErrorBoundary>
          <EquityChart curve={data.curve} />
        </AreaErrorBoundary>
      </section>
      <TraderStats trader={data.trader} />
      <RecentTrades trades={data.recent} />
      <p className="copy-disclaimer">{t('copy.rank.note')}</p>
      <FollowBar profile={data} onFollow={follow} onOpenCopies={onOpenCopies} />
      <FollowSheet
        open={form !== null}
        onClose={() => setForm(null)}
        traderId={data.trader.trader_id}
        traderName={data.trader.user}
        follow={form?.follow ?? null}
        accountIsDemo={accountIsDemo}
        onDone={() => setForm(null)}
      />
    </div>
  );
}
