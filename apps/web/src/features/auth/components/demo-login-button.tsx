import './auth-fields.css';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCreateDemoAccount } from '../api/create-demo-account';
import { useDemoDeviceStore } from '../stores/demo-device-store';
import { useUserStore } from '../stores/user-store';

type DemoLoginButtonProps = { onLoggedIn: () => void };

/** "Try a demo account": virtual money, no sign-up; the same device gets the same demo account back. */
export function DemoLoginButton({ onLoggedIn }: DemoLoginButtonProps) {
  const { t } = useTranslation();
  const deviceId = useDemoDeviceStore((state) => state.deviceId);
  const setSession = useUserStore((state) => state.setSession);
  const createDemo = useCreateDemoAccount();

  const start = async () => {
    try {
      setSession(await createDemo.mutateAsync(deviceId));
      onLoggedIn();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <div className="demo-entry">
      <Button
        block
        fill="outline"
        color="primary"
        size="large"
        loading={createDemo.isPending}
        onClick={start}
      >
        {t('auth.demoTitle')}
      </Button>
      <p className="demo-entry-hint">{t('auth.demoHint')}</p>
    </div>
  );
}
