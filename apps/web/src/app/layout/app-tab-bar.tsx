import { TabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyTradingIcon, OrdersIcon, QuotesIcon, RankingIcon, TradeIcon } from './tab-icons';

const TABS: readonly { path: string; labelKey: string; icon: ReactNode }[] = [
  { path: '/', labelKey: 'tabs.quotes', icon: <QuotesIcon /> },
  { path: '/trade', labelKey: 'tabs.trade', icon: <TradeIcon /> },
  { path: '/order', labelKey: 'tabs.orders', icon: <OrdersIcon /> },
  { path: '/copy', labelKey: 'tabs.copy', icon: <CopyTradingIcon /> },
  { path: '/rank', labelKey: 'tabs.rank', icon: <RankingIcon /> },
];

/** The bottom tab bar: quotes, trade, orders, copy trading, ranking (ARCHITECTURE, "Front end"). */
export function AppTabBar({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activeKey = TABS.some((tab) => tab.path === activePath) ? activePath : null;
  return (
    <nav className="app-tab-bar" aria-label={t('tabs.label')}>
      <TabBar activeKey={activeKey} onChange={(path) => navigate(path)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.labelKey)} />
        ))}
      </TabBar>
    </nav>
  );
}
