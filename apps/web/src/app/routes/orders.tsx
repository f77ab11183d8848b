import { useNavigate } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { LiveStateNotice } from '../../components/live-state-notice';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useCurrentInstrumentStore } from '../../features/market/stores/current-instrument-store';
import { OrderCenter } from '../../features/trading/components/order-center';
import type { RouteMeta } from '../route-meta';
import { TabPageShell } from './tab-page-shell';
import { tradePath } from './trade-path';

/** Orders (spec section 2, login required, kept alive): the account figures and the order tabs. */
export function OrdersRoute({ meta }: { meta: RouteMeta }) {
  const navigate = useNavigate();
  const loggedIn = useUserStore((state) => state.token !== null);
  // No positions: the next step is a trade, on the instrument last looked at (the first listed otherwise).
  const currentCode = useCurrentInstrumentStore((state) => state.code);
  const trade = () => navigate(currentCode ? tradePath({ code: currentCode }) : '/trade');
  return (
    <TabPageShell className="orders-page" meta={meta}>
      {loggedIn && <LiveStateNotice />}
      {loggedIn && (
        // One boundary for the order list area (house style), so a fault there leaves the tab bar.
        <AreaErrorBoundary>
          <OrderCenter onOpenHistory={() => navigate('/mine/history')} onTrade={trade} />
        </AreaErrorBoundary>
      )}
    </TabPageShell>
  );
}
