import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useBasicInfo } from '../../features/settings/api/get-basic-info';
import { SUPPORT_UNREAD_QUERY_KEY, useSupportUnread } from '../../features/support/api/get-support-unread';
import { useSupportFeed } from '../../features/support/hooks/use-support-feed';
import { PersonalCenter } from '../../features/user/components/personal-center';
import { AccountSwitch } from '../account/account-switch';
import './user.css';

export function UserRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((state) => state.user);
  const basicInfo = useBasicInfo();
  const unread = useSupportUnread(user !== null);
  // An agent's reply while the center is on screen raises the badge at once.
  useSupportFeed(user !== null, (message) => {
    if (message.sender === 'agent')
      void queryClient.invalidateQueries({ queryKey: SUPPORT_UNREAD_QUERY_KEY });
  });
  const serviceLink = basicInfo.data
    ? { link: basicInfo.data.service_link, type: basicInfo.data.service_link_type }
    : undefined;
  return (
    <PageShell title={t('nav.user')}>
      {user && (
        <PersonalCenter
          user={user}
          serviceLink={serviceLink}
          unreadService={unread.data ?? 0}
          onNavigate={(path) => navigate(path)}
          accountSwitch={<AccountSwitch />}
        />
      )}
      {user && (
        // Log out on the center's first screen, as on /mine/system; it asks first.
        <div className="user-logout">
          <LogoutButton onLoggedOut={() => navigate('/', { replace: true })} />
        </div>
      )}
    </PageShell>
  );
}
