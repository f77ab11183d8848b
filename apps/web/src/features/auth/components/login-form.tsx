import './auth-fields.css';
import type { AreaCode } from '@meridian/contract/settings';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/login';
import { useAccountForm } from '../hooks/use-account-form';
import { useUserStore } from '../stores/user-store';
import type { MobileFieldMode } from '../utils/mobile-mode';
import type { AccountValues } from '../utils/to-requests';
import { AuthForm } from './auth-form';
import { PasswordInput } from './password-input';

type LoginFormProps = {
  areas: AreaCode[];
  mobileMode: MobileFieldMode;
  onLoggedIn: () => void;
};

type LoginValues = AccountValues & { password?: string };

export function LoginForm({ areas, mobileMode, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const account = useAccountForm(areas, mobileMode, 'login');
  const login = useLogin();
  const setSession = useUserStore((state) => state.setSession);

  const submit = async (values: LoginValues) => {
    const identifier = account.identifier(values);
    try {
      const session = await login.mutateAsync({ ...identifier, password: values.password ?? '' });
      setSession(session);
      onLoggedIn();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <AuthForm
      {...account.formProps}
      onFinish={submit}
      submitLabel={t('auth.loginSubmit')}
      submitting={login.isPending}
    >
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <PasswordInput placeholder={t('auth.passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
    </AuthForm>
  );
}
