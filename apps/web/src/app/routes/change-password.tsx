import './form-page.css';
import '../../components/real-account-only.css';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { RealAccountOnly } from '../../components/real-account-only';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useGoBack } from '../../hooks/use-go-back';

/** /mine/password: change the password with a code; real accounts only (spec section 6). */
export function ChangePasswordRoute() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  const goBack = useGoBack('/user');
  return (
    <PageShell className="form-page" title={t('nav.minePassword')}>
      {user?.is_demo === 1 && <RealAccountOnly />}
      {user && user.is_demo !== 1 && (
        <>
          <p className="form-intro">{t('password.intro')}</p>
          <ChangePasswordForm user={user} onChanged={goBack} />
        </>
      )}
    </PageShell>
  );
}
