import './form-page.css';
import { Divider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '../../components/auth-heading';
import { PageShell } from '../../components/page-shell';
import { DemoLoginButton } from '../../features/auth/components/demo-login-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { LanguageSwitchButton } from '../../features/language/components/language-switch-button';
import { useAreaList } from '../../features/settings/api/get-area-list';
import { useMobileFieldMode } from '../../features/settings/hooks/use-mobile-field-mode';
import { safeReturnPath } from '../../lib/return-path';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areas = useAreaList();
  const mobileMode = useMobileFieldMode() ?? 'none';
  // Spec section 4: login replaces the route, so "back" does not return to the form.
  const returnTo = () => navigate(safeReturnPath(params.get('from')), { replace: true });

  return (
    <PageShell
      className="auth-page"
      title={null}
      right={<LanguageSwitchButton showName onClick={() => navigate('/language')} />}
    >
      <AuthHeading title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      <LoginForm areas={areas.data ?? []} mobileMode={mobileMode} onLoggedIn={returnTo} />
      <div className="auth-links">
        <Link to="/forgot">{t('auth.forgotLink')}</Link>
      </div>
      <Divider className="auth-divider">{t('auth.or')}</Divider>
      <DemoLoginButton onLoggedIn={returnTo} />
      <p className="auth-switch">
        {t('auth.noAccount')} <Link to="/register">{t('auth.registerLink')}</Link>
      </p>
    </PageShell>
  );
}
