import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { PageShell } from '../../components/page-shell';
import { RankingBoard } from '../../features/copy/components/ranking-board';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import { HeaderActions } from '../layout/header-actions';
import type { RouteMeta } from '../route-meta';
import { traderPath } from './trader-path';

/** /rank (spec section 2, tab page, kept alive): the copy-trading ranking of traders. */
export function RankRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell
      className="rank-page"
      title={t(meta.titleKey)}
      back={false}
      left={<PriceSourceLabel />}
      right={<HeaderActions />}
    >
      <AreaErrorBoundary>
        <RankingBoard onOpenTrader={(traderId) => navigate(traderPath(traderId))} />
      </AreaErrorBoundary>
    </PageShell>
  );
}
