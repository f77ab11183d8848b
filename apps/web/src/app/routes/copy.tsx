import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { LiveStateNotice } from '../../components/live-state-notice';
import { useUserStore } from '../../features/auth/stores/user-store';
import { CopyCenter } from '../../features/copy/components/copy-center';
import { refreshTradingData } from '../../features/trading/api/trading-keys';
import { useOrderMark } from '../../features/trading/hooks/use-order-mark';
import { useTradeFeed } from '../../features/trading/hooks/use-trade-feed';
import type { RouteMeta } from '../route-meta';
import { TabPageShell } from './tab-page-shell';
import { traderPath } from './trader-path';

/**
 * /copy (ARCHITECTURE: the spec's "documentary" tab; login required, kept alive): the traders I
 * follow, my copied orders and becoming a trader. Open copies are orders of the account, so their
 * profits move with the trading feature's live marks (forex.trade) while this page is shown.
 */
export function CopyRoute({ meta }: { meta: RouteMeta }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useUserStore((state) => state.token !== null);
  const isDemo = useUserStore((state) => (state.user ? state.user.is_demo === 1 : null));
  useTradeFeed(loggedIn);
  return (
    <TabPageShell className="copy-page" meta={meta}>
      {loggedIn && <LiveStateNotice />}
      {loggedIn && (
        <AreaErrorBoundary>
          <CopyCenter
            onOpenTrader={(traderId) => navigate(traderPath(traderId))}
            onOpenRanking={() => navigate('/rank')}
            accountIsDemo={isDemo}
            onOrdersChanged={() => void refreshTradingData(queryClient)}
            useLiveFigures={useOrderMark}
          />
        </AreaErrorBoundary>
      )}
    </TabPageShell>
  );
}
