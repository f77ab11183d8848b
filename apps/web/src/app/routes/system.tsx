import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { LogoutButton } from '../../features/auth/components/logout-button';
import './system.css';

const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'dev';

export function SystemRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell title={t('nav.mineSystem')}>
      <List className="system-list">
        <List.Item extra={<bdi>{APP_VERSION}</bdi>}>{t('system.version')}</List.Item>
      </List>
      <div className="page-actions">
        <LogoutButton onLoggedOut={() => navigate('/', { replace: true })} />
      </div>
    </PageShell>
  );
}
