import './auth-fields.css';
import type { LegalCurrent } from '@meridian/contract/legal';
import { LIMITS } from '@meridian/contract/limits';
import type { AreaCode } from '@meridian/contract/settings';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { filledRule } from '../../../lib/form-rules';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { useAccountForm } from '../hooks/use-account-form';
import { useSendCode } from '../hooks/use-send-code';
import { useUserStore } from '../stores/user-store';
import type { MobileFieldMode } from '../utils/mobile-mode';
import type { AccountValues } from '../utils/to-requests';
import { AuthForm } from './auth-form';
import { CaptchaImage } from './captcha-image';
import { LegalAcceptance } from './legal-acceptance';
import { NewPasswordFields } from './new-password-fields';
import { VerificationField } from './verification-field';

/** verify_reg_type 2 = image captcha instead of a code by e-mail or SMS. */
export type RegistrationCheck = 'code' | 'captcha';

type RegisterFormProps = {
  areas: AreaCode[];
  mobileMode: MobileFieldMode;
  check: RegistrationCheck;
  inviteCode: string | undefined;
  /** The terms and the risk warning to accept (their current versions). */
  legal: LegalCurrent;
  onRegistered: () => void;
};

type RegisterValues = AccountValues & {
  code?: string;
  captcha?: string;
  password?: string;
  re_password?: string;
  invite_code?: string;
  accept_terms?: boolean;
  accept_risk?: boolean;
};

export function RegisterForm({
  areas,
  mobileMode,
  check,
  inviteCode,
  legal,
  onRegistered,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const account = useAccountForm(areas, mobileMode, 'register');
  const { form, type, defaultArea } = account;
  const register = useRegister();
  const captcha = useCaptcha(check === 'captcha');
  const setSession = useUserStore((state) => state.setSession);
  const sendCode = useSendCode({ form, type, mobileMode, defaultArea, purpose: 'register' });

  const submit = async (values: RegisterValues) => {
    const identifier = account.identifier(values);
    const usesCaptcha = check === 'captcha';
    try {
      const session = await register.mutateAsync({
        type: identifier.type,
        account: identifier.account,
        // The contract has a separate `mobile` field; the number goes in both so either reading works.
        mobile: identifier.type === 'mobile' ? identifier.account : undefined,
        area_id: identifier.type === 'mobile' ? identifier.area_id : undefined,
        password: values.password ?? '',
        re_password: values.re_password ?? '',
        invite_code: values.invite_code?.trim() || undefined,
        sms_code: ((usesCaptcha ? values.captcha : values.code) ?? '').trim(),
        key: usesCaptcha ? captcha.data?.key : undefined,
        // The versions shown and ticked (the form refuses to send unticked boxes); 0 = nothing to accept.
        terms_version: values.accept_terms ? (legal.terms?.version ?? 0) : 0,
        risk_version: values.accept_risk ? (legal.risk?.version ?? 0) : 0,
      });
      setSession(session);
      onRegistered();
    } catch {
      // A captcha is good for one try: show a fresh one after a refusal.
      if (usesCaptcha) {
        form.setFieldValue('captcha', '');
        void captcha.refetch();
      }
    }
  };

  return (
    <AuthForm
      {...account.formProps}
      initialValues={{ invite_code: inviteCode }}
      onFinish={submit}
      submitLabel={t('auth.registerSubmit')}
      submitting={register.isPending}
    >
      {check === 'captcha' ? (
        <Form.Item label={t('auth.captcha')} required>
          <div className="input-row">
            <Form.Item name="captcha" noStyle rules={[filledRule(t('auth.captchaRequired'))]}>
              <Input
                className="input-row-main"
                autoComplete="off"
                autoCapitalize="off"
                maxLength={LIMITS.captchaLength * 2}
                placeholder={t('auth.captchaPlaceholder')}
                clearable
              />
            </Form.Item>
            <CaptchaImage
              captcha={captcha.data}
              loading={captcha.isFetching}
              onRefresh={() => void captcha.refetch()}
            />
          </div>
        </Form.Item>
      ) : (
        <VerificationField name="code" onSend={sendCode} />
      )}
      <NewPasswordFields
        form={form}
        passwordName="password"
        confirmName="re_password"
        labelKey="auth.password"
      />
      <Form.Item name="invite_code" label={t('auth.inviteCode')}>
        <Input
          autoCapitalize="characters"
          maxLength={LIMITS.inviteCodeLength * 2}
          placeholder={t('auth.inviteCodePlaceholder')}
          clearable
        />
      </Form.Item>
      <LegalAcceptance current={legal} />
    </AuthForm>
  );
}
