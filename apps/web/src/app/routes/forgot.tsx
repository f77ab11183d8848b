import './form-page.css';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthHeading } from '../../components/auth-heading';
import { PageShell } from '../../components/page-shell';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useAreaList } from '../../features/settings/api/get-area-list';
import { useMobileFieldMode } from '../../features/settings/hooks/use-mobile-field-mode';

export function ForgotRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areas = useAreaList();
  const mobileMode = useMobileFieldMode() ?? 'none';

  const done = () => {
    Toast.show({ icon: 'success', content: t('auth.resetSuccess') });
    navigate('/login', { replace: true });
  };

  return (
    <PageShell className="auth-page" title={t('nav.forgot')}>
      <AuthHeading title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} />
      <ForgotPasswordForm areas={areas.data ?? []} mobileMode={mobileMode} onReset={done} />
    </PageShell>
  );
}
