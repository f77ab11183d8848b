import { Segmented, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import type { CopyOrderTab } from '../api/copy-keys';
import { useMyFollows } from '../api/get-my-follows';
import { useCopyClosedFeed } from '../hooks/use-copy-closed-feed';
import { BecomeTrader } from './become-trader';
import { CopyOrderList } from './copy-order-list';
import { type LiveFiguresHook, useListedFigures } from './copy-order-row';
import { FollowingList } from './following-list';
import '../../../components/tab-count.css';
import './ranking.css';
import './trader-profile.css';
import './copy-center.css';

type Section = 'following' | 'orders' | 'trader';
const SECTIONS: readonly Section[] = ['following', 'orders', 'trader'];
const SECTION_KEYS: Record<Section, string> = {
  following: 'copy.center.following',
  orders: 'copy.center.orders',
  trader: 'copy.center.trader',
};

function isSection(key: string): key is Section {
  return (SECTIONS as readonly string[]).includes(key);
}

export type CopyCenterProps = {
  onOpenTrader(traderId: number): void;
  onOpenRanking(): void;
  accountIsDemo: boolean | null;
  /** Copies may have closed: the order lists are read again. */
  onOrdersChanged?(): void;
  /** Live figures of open copies (the app gives the trading feature's live marks). */
  useLiveFigures?: LiveFiguresHook;
};

/**
 * The copy-trading tab (/copy, the spec's "documentary"): the traders I follow with my settings and
 * results, my copied orders (open and closed), and becoming a trader others can copy.
 */
export function CopyCenter({
  onOpenTrader,
  onOpenRanking,
  accountIsDemo,
  onOrdersChanged,
  useLiveFigures = useListedFigures,
}: CopyCenterProps) {
  const { t, i18n } = useTranslation();
  const [section, setSection] = useState<Section>('following');
  const [orderTab, setOrderTab] = useState<CopyOrderTab>('holding');
  const follows = useMyFollows();
  useCopyClosedFeed(true);
  const running = follows.data?.filter((follow) => follow.state !== 'stopped').length ?? 0;

  return (
    <div className="copy-center">
      <Tabs
        className="copy-tabs"
        // antd-mobile lays its tabs out left to right unless told: Arabic reads them from the right.
        direction={i18n.dir()}
        activeKey={section}
        onChange={(key) => {
          if (isSection(key)) setSection(key);
        }}
      >
        {SECTIONS.map((key) => (
          <Tabs.Tab
            key={key}
            title={
              <span className="order-tab-title" data-section={key}>
                {t(SECTION_KEYS[key])}
                {key === 'following' && running > 0 && <span className="order-tab-count">{running}</span>}
              </span>
            }
          />
        ))}
      </Tabs>
      <AreaErrorBoundary key={section}>
        {section === 'following' && (
          <FollowingList
            onOpenTrader={onOpenTrader}
            onOpenRanking={onOpenRanking}
            accountIsDemo={accountIsDemo}
            onOrdersChanged={onOrdersChanged}
          />
        )}
        {section === 'orders' && (
          <div className="copy-orders">
            <Segmented
              className="copy-order-switch"
              block
              value={orderTab}
              onChange={(next) => setOrderTab(next === 'history' ? 'history' : 'holding')}
              options={[
                { label: <span data-tab="holding">{t('copy.orders.holding')}</span>, value: 'holding' },
                { label: <span data-tab="history">{t('copy.orders.history')}</span>, value: 'history' },
              ]}
            />
            <CopyOrderList key={orderTab} tab={orderTab} useLiveFigures={useLiveFigures} />
          </div>
        )}
        {section === 'trader' && <BecomeTrader />}
      </AreaErrorBoundary>
    </div>
  );
}
