import './form-page.css';
import '../../components/real-account-only.css';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { RealAccountOnly } from '../../components/real-account-only';
import { useUserStore } from '../../features/auth/stores/user-store';
import { RealNameCenterView } from '../../features/kyc/components/real-name-center-view';

/** /mine/auth: real-name verification; real accounts only (spec section 6). */
export function RealNameRoute() {
  const { t } = useTranslation();
  const isDemo = useUserStore((state) => state.user?.is_demo === 1);
  return (
    <PageShell className="form-page" title={t('nav.mineAuth')}>
      {isDemo ? <RealAccountOnly /> : <RealNameCenterView />}
    </PageShell>
  );
}
