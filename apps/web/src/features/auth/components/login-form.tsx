import './auth-fields.css';
import type { IdentifierType } from '@meridian/contract/auth';
import type { AreaCode } from '@meridian/contract/settings';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/login';
import { useDefaultArea } from '../hooks/use-default-area';
import { useUserStore } from '../stores/user-store';
import type { MobileFieldMode } from '../utils/mobile-mode';
import { type AccountValues, identifierOf } from '../utils/to-requests';
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
  const [form] = Form.useForm();
  const [type, setType] = useState<IdentifierType>('email');
  const defaultArea = useDefaultArea(form, areas);
  const login = useLogin();
  const setSession = useUserStore((state) => state.setSession);

  const submit = async (values: LoginValues) => {
    const identifier = identifierOf(type, values, mobileMode, defaultArea);
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
      form={form}
      onFinish={submit}
      submitLabel={t('auth.loginSubmit')}
      submitting={login.isPending}
      account={{ type, areas, mobileMode, purpose: 'login', onTypeChange: setType }}
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
