import type { ReactNode } from 'react';
import { CopyTradingIcon, OrdersIcon, QuotesIcon, RankingIcon, TradeIcon } from './tab-icons';

/** The five sections (ARCHITECTURE, "Front end"): the phone's tab bar and the desktop's top navigation. */
export const NAV_TABS: readonly { path: string; labelKey: string; icon: ReactNode }[] = [
  { path: '/', labelKey: 'tabs.quotes', icon: <QuotesIcon /> },
  { path: '/trade', labelKey: 'tabs.trade', icon: <TradeIcon /> },
  { path: '/order', labelKey: 'tabs.orders', icon: <OrdersIcon /> },
  { path: '/copy', labelKey: 'tabs.copy', icon: <CopyTradingIcon /> },
  { path: '/rank', labelKey: 'tabs.rank', icon: <RankingIcon /> },
];
