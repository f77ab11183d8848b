import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSwitchDemo } from '../../features/auth/api/switch-demo';
import { useUserStore } from '../../features/auth/stores/user-store';

/**
 * The switch between a customer's real and demo accounts, without signing out: a real
 * customer opens their own demo account (a new session of it, the real one kept aside); from there,
 * back to the real account uses the real session again. A device's demo user, with no real account
 * kept, has no switch (signing up is their way to a real account).
 */
export function AccountSwitch() {
  const { t } = useTranslation();
  const isDemo = useUserStore((state) => state.user?.is_demo === 1);
  const realKept = useUserStore((state) => state.other?.user.is_demo === 0);
  const switchTo = useUserStore((state) => state.switchTo);
  const switchBack = useUserStore((state) => state.switchBack);
  const switchDemo = useSwitchDemo();

  if (isDemo && !realKept) return null;

  const toDemo = async () => {
    try {
      switchTo(await switchDemo.mutateAsync());
      Toast.show({ icon: 'success', content: t('user.switchedToDemo') });
    } catch {
      // The API client has shown the server's message; the real account stays in use.
    }
  };

  const toReal = () => {
    switchBack();
    Toast.show({ icon: 'success', content: t('user.switchedToReal') });
  };

  return (
    <Button
      block
      className="account-switch"
      fill="outline"
      color="primary"
      loading={switchDemo.isPending}
      onClick={isDemo ? toReal : () => void toDemo()}
      data-testid="account-switch"
    >
      {t(isDemo ? 'user.switchToReal' : 'user.switchToDemo')}
    </Button>
  );
}
