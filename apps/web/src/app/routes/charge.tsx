import '../../components/real-account-only.css';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { RealAccountOnly } from '../../components/real-account-only';
import { useUserStore } from '../../features/auth/stores/user-store';
import { DepositCenter } from '../../features/funds/components/deposit-center';
import type { RouteMeta } from '../route-meta';
import { FUNDS_PATHS, RecordsLink } from './funds-route-parts';

/**
 * /mine/charge: deposit by coin or bank wire; real accounts only (spec section 6). A sent deposit
 * replaces the form by its record, so going back leads to the personal center, not to a filled form.
 */
export function ChargeRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useUserStore((state) => state.user?.is_demo === 1);
  return (
    <PageShell
      className="funds-page"
      title={t(meta.titleKey)}
      right={isDemo ? undefined : <RecordsLink tab="deposits" />}
    >
      {isDemo ? (
        <RealAccountOnly />
      ) : (
        <DepositCenter
          onSubmitted={() => {
            Toast.show({ icon: 'success', content: t('funds.deposit.sent') });
            navigate(FUNDS_PATHS.records('deposits'), { replace: true });
          }}
        />
      )}
    </PageShell>
  );
}
