import './auth-fields.css';
import { verificationCode } from '@meridian/contract/fields';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { filledRule, schemaRule } from '../../../lib/form-rules';
import { SendCodeButton } from './send-code-button';

type VerificationFieldProps = {
  name: string;
  onSend: () => Promise<number | null>;
};

/** The 6-digit code field with its "send code" button. */
export function VerificationField({ name, onSend }: VerificationFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.code')} required>
      <div className="input-row">
        <Form.Item
          name={name}
          noStyle
          rules={[filledRule(t('auth.codeRequired')), schemaRule(verificationCode(), t, 'auth.codeRequired')]}
        >
          <Input
            className="input-row-main"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            clearable
          />
        </Form.Item>
        <SendCodeButton onSend={onSend} />
      </div>
    </Form.Item>
  );
}
