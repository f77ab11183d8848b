import './auth-fields.css';
import type { AreaCode } from '@meridian/contract/settings';
import { useTranslation } from 'react-i18next';
import { useForgetPassword } from '../api/forget-password';
import { useAccountForm } from '../hooks/use-account-form';
import { useSendCode } from '../hooks/use-send-code';
import type { MobileFieldMode } from '../utils/mobile-mode';
import type { AccountValues } from '../utils/to-requests';
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
  const account = useAccountForm(areas, mobileMode, 'forgot');
  const { form, type, defaultArea } = account;
  const forgetPassword = useForgetPassword();
  const sendCode = useSendCode({ form, type, mobileMode, defaultArea, purpose: 'reset' });

  const submit = async (values: ForgotValues) => {
    const identifier = account.identifier(values);
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
      {...account.formProps}
      onFinish={submit}
      submitLabel={t('auth.resetSubmit')}
      submitting={forgetPassword.isPending}
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
