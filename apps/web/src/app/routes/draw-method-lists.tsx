import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { DrawMethodList } from '../../features/funds/components/draw-method-list';
import type { RouteMeta } from '../route-meta';
import { FUNDS_PATHS } from './funds-route-parts';

function MethodListPage({ meta, kind }: { meta: RouteMeta; kind: 1 | 2 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell className="funds-page" title={t(meta.titleKey)}>
      <DrawMethodList kind={kind} onAdd={() => navigate(FUNDS_PATHS.withdrawWay(kind))} />
    </PageShell>
  );
}

/** /mine/coin-address-list: the bound coin addresses. */
export function CoinAddressListRoute({ meta }: { meta: RouteMeta }) {
  return <MethodListPage meta={meta} kind={DRAW_TYPE.coin} />;
}

/** /mine/bank-card-list: the bound bank accounts. */
export function BankCardListRoute({ meta }: { meta: RouteMeta }) {
  return <MethodListPage meta={meta} kind={DRAW_TYPE.bank} />;
}
