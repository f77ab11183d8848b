import './form-page.css';
import { VERIFY_REG_TYPE } from '@meridian/contract/settings-codes';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '../../components/auth-heading';
import { PageShell } from '../../components/page-shell';
import { useLegalCurrent } from '../../features/auth/api/get-legal';
import { RegisterForm } from '../../features/auth/components/register-form';
import { LanguageSwitchButton } from '../../features/language/components/language-switch-button';
import { useAreaList } from '../../features/settings/api/get-area-list';
import { useBasicInfo } from '../../features/settings/api/get-basic-info';
import { useMobileFieldMode } from '../../features/settings/hooks/use-mobile-field-mode';

export function RegisterRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areas = useAreaList();
  const basicInfo = useBasicInfo();
  const mobileMode = useMobileFieldMode();
  const legal = useLegalCurrent(i18n.language);
  // The form's shape depends on the settings and the documents to accept; wait for them rather than
  // reshape it under a finger.
  const ready = mobileMode !== undefined && !basicInfo.isPending && legal.data !== undefined;

  return (
    <PageShell
      className="auth-page"
      title={null}
      right={<LanguageSwitchButton showName onClick={() => navigate('/language')} />}
    >
      <AuthHeading title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      {ready ? (
        <RegisterForm
          areas={areas.data ?? []}
          mobileMode={mobileMode}
          check={basicInfo.data?.verify_reg_type === VERIFY_REG_TYPE.captcha ? 'captcha' : 'code'}
          inviteCode={params.get('invite_code') ?? undefined}
          legal={legal.data}
          onRegistered={() => navigate('/', { replace: true })}
        />
      ) : (
        <div className="page-loading">
          <SpinLoading color="primary" />
        </div>
      )}
      <p className="auth-switch">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.loginLink')}</Link>
      </p>
    </PageShell>
  );
}
