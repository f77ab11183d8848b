import { password } from '@meridian/contract/fields';
import { LIMITS } from '@meridian/contract/limits';
import { Form } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from 'react-i18next';
import { sameAsRule, schemaRule } from '../../../lib/form-rules';
import { PasswordInput } from './password-input';

type NewPasswordFieldsProps = {
  form: FormInstance;
  /** Field names as the request names them (register: password/re_password, reset: new_password/...). */
  passwordName: string;
  confirmName: string;
  labelKey: 'auth.password' | 'auth.newPassword';
  /** One message for either box left empty (the change-password page's "please fill in all"). */
  requiredMessage?: string;
};

/** A new password, checked by the contract's rule, and its confirmation (must match). */
export function NewPasswordFields({
  form,
  passwordName,
  confirmName,
  labelKey,
  requiredMessage,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={passwordName}
        label={t(labelKey)}
        rules={[
          { required: true, message: requiredMessage ?? t('auth.passwordRequired') },
          schemaRule(password(), t, 'validation.password_weak'),
        ]}
        description={t('auth.passwordRule', { min: LIMITS.passwordLengthMin, max: LIMITS.passwordLengthMax })}
      >
        <PasswordInput placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={t('auth.confirmPassword')}
        dependencies={[passwordName]}
        rules={[
          { required: true, message: requiredMessage ?? t('auth.confirmPasswordRequired') },
          sameAsRule(() => form.getFieldValue(passwordName), t('auth.passwordsNotEqual')),
        ]}
      >
        <PasswordInput placeholder={t('auth.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
