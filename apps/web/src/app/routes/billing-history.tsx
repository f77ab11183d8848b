import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { BillingHistory } from '../../features/ledger/components/billing-history';
import type { RouteMeta } from '../route-meta';

/** /mine/history: the account ledger (billing history). */
export function BillingHistoryRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  return (
    <PageShell className="ledger-page" title={t(meta.titleKey)}>
      <BillingHistory />
    </PageShell>
  );
}
