import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useBasicInfo } from '../../features/settings/api/get-basic-info';
import { PersonalCenter } from '../../features/user/components/personal-center';

export function UserRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore((state) => state.user);
  const basicInfo = useBasicInfo();
  const serviceLink = basicInfo.data
    ? { link: basicInfo.data.service_link, type: basicInfo.data.service_link_type }
    : undefined;
  return (
    <PageShell title={t('nav.user')}>
      {user && <PersonalCenter user={user} serviceLink={serviceLink} onNavigate={(path) => navigate(path)} />}
    </PageShell>
  );
}
