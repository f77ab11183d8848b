import './auth-fields.css';
import type { IdentifierType } from '@meridian/contract/auth';
import type { AreaCode } from '@meridian/contract/settings';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgetPassword } from '../api/forget-password';
import { useDefaultArea } from '../hooks/use-default-area';
import { useSendCode } from '../hooks/use-send-code';
import type { MobileFieldMode } from '../utils/mobile-mode';
import { type AccountValues, identifierOf } from '../utils/to-requests';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';
import { VerificationField } from './verification-field';

type ForgotPasswordFormProps = {
  areas: AreaCode[];
  mobileMode: MobileFieldMode;
  onReset: () => void;
};

type ForgotValues = AccountValues & {
  auth_code?: string;
  new_password?: string;
  secondary_password?: string;
};

export function ForgotPasswordForm({ areas, mobileMode, onReset }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [type, setType] = useState<IdentifierType>('email');
  const defaultArea = useDefaultArea(form, areas);
  const forgetPassword = useForgetPassword();
  const sendCode = useSendCode({ form, type, mobileMode, defaultArea, purpose: 'reset' });

  const submit = async (values: ForgotValues) => {
    const identifier = identifierOf(type, values, mobileMode, defaultArea);
    try {
      await forgetPassword.mutateAsync({
        ...identifier,
        new_password: values.new_password ?? '',
        secondary_password: values.secondary_password ?? '',
        auth_code: (values.auth_code ?? '').trim(),
      });
      onReset();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <AuthForm
      form={form}
      onFinish={submit}
      submitLabel={t('auth.resetSubmit')}
      submitting={forgetPassword.isPending}
      account={{ type, areas, mobileMode, purpose: 'forgot', onTypeChange: setType }}
    >
      <VerificationField name="auth_code" onSend={sendCode} />
      <NewPasswordFields
        form={form}
        passwordName="new_password"
        confirmName="secondary_password"
        labelKey="auth.newPassword"
      />
    </AuthForm>
  );
}
