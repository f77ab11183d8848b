import { useNavigate } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { RankingBoard } from '../../features/copy/components/ranking-board';
import type { RouteMeta } from '../route-meta';
import { TabPageShell } from './tab-page-shell';
import { traderPath } from './trader-path';

/** /rank (spec section 2, tab page, kept alive): the copy-trading ranking of traders. */
export function RankRoute({ meta }: { meta: RouteMeta }) {
  const navigate = useNavigate();
  return (
    <TabPageShell className="rank-page" meta={meta}>
      <AreaErrorBoundary>
        <RankingBoard onOpenTrader={(traderId) => navigate(traderPath(traderId))} />
      </AreaErrorBoundary>
    </TabPageShell>
  );
}
