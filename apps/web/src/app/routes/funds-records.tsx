import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { FundsRecords } from '../../features/funds/components/funds-records';
import type { RouteMeta } from '../route-meta';

/** /mine/records?tab=deposits|withdrawals: the deposit and withdrawal records (a route we add). */
export function FundsRecordsRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  return (
    <PageShell className="funds-page" title={t(meta.titleKey)}>
      <FundsRecords tab={tab} onTabChange={(next) => setParams({ tab: next }, { replace: true })} />
    </PageShell>
  );
}
