import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { WalletMenu } from '../../features/funds/components/wallet-menu';
import type { RouteMeta } from '../route-meta';
import { FUNDS_PATHS } from './funds-route-parts';

/** /mine/wallet: the way to the bound coin addresses and bank accounts. */
export function WalletRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell className="funds-page" title={t(meta.titleKey)}>
      <WalletMenu
        onOpen={(kind) =>
          navigate(kind === DRAW_TYPE.coin ? FUNDS_PATHS.coinAddresses : FUNDS_PATHS.bankCards)
        }
      />
    </PageShell>
  );
}
