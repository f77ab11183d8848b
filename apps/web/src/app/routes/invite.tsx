import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { useUserStore } from '../../features/auth/stores/user-store';
import { InvitePanel } from '../../features/user/components/invite-panel';

/** /mine/invite: the stored user at once, then a fresh copy for an up-to-date friend count. */
export function InviteRoute() {
  const { t } = useTranslation();
  const storedUser = useUserStore((state) => state.user);
  const setUser = useUserStore((state) => state.setUser);
  const info = useUserInfo(storedUser !== null);
  useEffect(() => {
    if (info.data) setUser(info.data);
  }, [info.data, setUser]);
  const user = info.data ?? storedUser;
  return (
    <PageShell title={t('nav.mineInvite')}>
      {user && (
        <InvitePanel
          inviteCode={user.invite_code}
          invitedCount={user.invited_count}
          origin={window.location.origin}
        />
      )}
    </PageShell>
  );
}
