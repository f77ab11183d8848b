import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { BindMethod } from '../../features/funds/components/bind-method-form';
import { useGoBack } from '../../hooks/use-go-back';
import { drawKindParam, FUNDS_PATHS, idParam } from './funds-route-parts';

/**
 * /mine/withdraw-way?type=1|2 (and draw_id= from the withdrawal form): binds a coin address or a
 * bank account, then goes back where the customer came from (the list or the withdrawal form).
 */
export function WithdrawWayRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = drawKindParam(params.get('type'));
  const goBack = useGoBack(kind === DRAW_TYPE.coin ? FUNDS_PATHS.coinAddresses : FUNDS_PATHS.bankCards);
  return (
    <PageShell
      className="funds-page"
      title={t(kind === DRAW_TYPE.coin ? 'funds.wallet.addCoin' : 'funds.wallet.addBank')}
    >
      <BindMethod key={kind} kind={kind} drawId={idParam(params.get('draw_id'))} onBound={goBack} />
    </PageShell>
  );
}
