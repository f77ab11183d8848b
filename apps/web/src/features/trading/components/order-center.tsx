import type { Order } from '@meridian/contract/trading';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import { useOrders } from '../api/get-orders';
import type { OrderTab } from '../api/trading-keys';
import { useOrderActions } from '../hooks/use-order-actions';
import { useTradeFeed } from '../hooks/use-trade-feed';
import { useTradingPaused } from '../hooks/use-trading-paused';
import { ordersOf } from '../utils/order-pages';
import { AccountSummary } from './account-summary';
import { OrderDetailPopup } from './order-detail-popup';
import { OrderList } from './order-list';
import type { OrderRowActions } from './order-row';
import { StopsDialog } from './stops-dialog';
import { TradingPausedNote } from './trading-paused-note';
import './account-summary.css';
import './order-center.css';
import '../../../components/tab-count.css';
import '../../../components/order-row.css';
import './stops-dialog.css';

const TABS: readonly OrderTab[] = ['holding', 'pending', 'history'];
const TAB_KEYS: Record<OrderTab, string> = {
  holding: 'orders.tabs.holding',
  pending: 'orders.tabs.pending',
  history: 'orders.tabs.history',
};

function isTab(key: string): key is OrderTab {
  return (TABS as readonly string[]).includes(key);
}

function tabOf(order: Order): OrderTab {
  if (order.State === 'holding') return 'holding';
  return order.State === 'pending' ? 'pending' : 'history';
}

/** Which order a panel shows: by id in its tab, so it follows the list (and goes when the order does). */
type Selection = { tab: OrderTab; id: number };

/**
 * The order page (spec sections 2 to 4): the account's figures, the tabs holding / pending /
 * history with live profits, an order's detail panel, its close, cancel and stops. The panel and
 * the stops dialog show an order only while its list holds it, so a `forex.closed` push that
 * removes it from the holding list closes them too.
 */
export function OrderCenter({ onOpenHistory, onTrade }: { onOpenHistory(): void; onTrade?: () => void }) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<OrderTab>('holding');
  const paused = useTradingPaused();
  const [historySeen, setHistorySeen] = useState(false);
  const [detail, setDetail] = useState<Selection | null>(null);
  const [stops, setStops] = useState<Selection | null>(null);
  useTradeFeed(true);
  const { confirmClose, confirmCancel } = useOrderActions();
  const lists = {
    holding: useOrders('holding'),
    pending: useOrders('pending'),
    history: useOrders('history', historySeen),
  };
  const find = (selection: Selection | null): Order | null =>
    selection
      ? (ordersOf(lists[selection.tab].data).find((order) => order.Id === selection.id) ?? null)
      : null;
  const detailOrder = find(detail);
  const stopsOrder = find(stops);

  const actions: OrderRowActions = {
    onOpen: (order) => setDetail({ tab: tabOf(order), id: order.Id }),
    onClose: (order) => void confirmClose(order),
    onCancel: (order) => void confirmCancel(order),
    onStops: (order) => setStops({ tab: tabOf(order), id: order.Id }),
  };

  const count = (key: OrderTab) => {
    const total = lists[key].data?.pages[0]?.total;
    return key !== 'history' && total !== undefined ? total : null;
  };

  return (
    <div className="order-center">
      <AccountSummary onOpenHistory={onOpenHistory} />
      <Tabs
        className="order-tabs"
        // antd-mobile lays its tabs out left to right unless told: Arabic reads them from the right.
        direction={i18n.dir()}
        activeKey={tab}
        onChange={(key) => {
          if (!isTab(key)) return;
          setTab(key);
          if (key === 'history') setHistorySeen(true);
        }}
      >
        {TABS.map((key) => {
          const total = count(key);
          return (
            <Tabs.Tab
              key={key}
              title={
                <span className="order-tab-title" data-tab={key}>
                  {t(TAB_KEYS[key])}
                  {total !== null && total > 0 && <span className="order-tab-count">{total}</span>}
                </span>
              }
            />
          );
        })}
      </Tabs>
      {paused && tab !== 'history' && <TradingPausedNote className="order-center-paused" />}
      <AreaErrorBoundary key={tab}>
        <OrderList tab={tab} actions={actions} onTrade={onTrade} />
      </AreaErrorBoundary>
      <OrderDetailPopup order={detailOrder} onDismiss={() => setDetail(null)} actions={actions} />
      <StopsDialog order={stopsOrder} onDismiss={() => setStops(null)} />
    </div>
  );
}
