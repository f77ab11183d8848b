import { CODE_PURPOSE, type User } from '@meridian/contract/auth';
import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAmendPassword } from '../api/amend-password';
import { useSendEmailCode } from '../api/send-email-code';
import { maskedDestinationOf } from '../utils/masked-destination';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';
import { VerificationField } from './verification-field';

type ChangePasswordValues = { new_password?: string; re_password?: string; auth_code?: string };

type ChangePasswordFormProps = { user: User; onChanged: () => void };

/**
 * /mine/password (spec section 5): new and confirm, both required ("please fill in all") and equal,
 * and a code sent to the user's own address (e-mail; SMS for an account with a mobile number only).
 * The server ends the user's other sessions; this one stays signed in.
 */
export function ChangePasswordForm({ user, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const amendPassword = useAmendPassword();
  const sendEmailCode = useSendEmailCode();
  const destination = maskedDestinationOf(user);

  const sendCode = async (): Promise<number | null> => {
    // No address is sent: for a password change the server always uses the account's own.
    const sent = await sendEmailCode.mutateAsync({ type: CODE_PURPOSE.changePassword });
    Toast.show({ icon: 'success', content: t('auth.codeSent') });
    return sent.resend_seconds;
  };

  const submit = async (values: ChangePasswordValues) => {
    try {
      await amendPassword.mutateAsync({
        new_password: values.new_password ?? '',
        re_password: values.re_password ?? '',
        auth_code: (values.auth_code ?? '').trim(),
      });
      Toast.show({ icon: 'success', content: t('password.changed') });
      onChanged();
    } catch {
      // The API client has shown the server's message (wrong or expired code, for example).
    }
  };

  return (
    <AuthForm
      form={form}
      onFinish={submit}
      submitLabel={t('password.submit')}
      submitting={amendPassword.isPending}
    >
      <NewPasswordFields
        form={form}
        passwordName="new_password"
        confirmName="re_password"
        labelKey="auth.newPassword"
        requiredMessage={t('password.fillInAll')}
      />
      <VerificationField name="auth_code" onSend={sendCode} />
      {destination && (
        <p className="form-hint">
          {t(destination.channel === 'email' ? 'password.codeToEmail' : 'password.codeToPhone', {
            destination: destination.text,
          })}
        </p>
      )}
    </AuthForm>
  );
}
