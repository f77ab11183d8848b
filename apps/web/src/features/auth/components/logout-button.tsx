import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout';
import { useUserStore } from '../stores/user-store';

type LogoutButtonProps = { onLoggedOut: () => void };

/** Asks first, then revokes the session on the server and forgets it here (spec section 4). */
export function LogoutButton({ onLoggedOut }: LogoutButtonProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const clear = useUserStore((state) => state.clear);

  const confirmAndLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('system.logoutConfirm'),
      confirmText: t('system.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await logout.mutateAsync();
    } catch {
      // Leaving must always work: the session is forgotten here even if the server could not be told.
    } finally {
      clear();
      onLoggedOut();
    }
  };

  return (
    <Button
      block
      color="danger"
      fill="outline"
      size="large"
      loading={logout.isPending}
      onClick={confirmAndLogout}
    >
      {t('system.logout')}
    </Button>
  );
}
