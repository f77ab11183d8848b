import { CODE_PURPOSE, type CodeSent, type IdentifierType } from '@meridian/contract/auth';
import type { AreaCode } from '@meridian/contract/settings';
import { Toast } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../api/send-email-code';
import { useSendSmsCode } from '../api/send-sms-code';
import type { MobileFieldMode } from '../utils/mobile-mode';
import { type AccountValues, identifierOf } from '../utils/to-requests';

type SendCodeContext = {
  form: FormInstance;
  type: IdentifierType;
  mobileMode: MobileFieldMode;
  defaultArea: AreaCode | undefined;
  purpose: 'register' | 'reset';
};

/**
 * Sends a verification code to the identifier in the form: by e-mail or by SMS, as the identifier
 * type says. The identifier field is checked first, so a typo never costs a code.
 */
export function useSendCode({ form, type, mobileMode, defaultArea, purpose }: SendCodeContext) {
  const { t } = useTranslation();
  const sendEmail = useSendEmailCode();
  const sendSms = useSendSmsCode();
  const codeType = purpose === 'register' ? CODE_PURPOSE.register : CODE_PURPOSE.reset;

  /** Resolves the seconds until another code may be asked for, or null when nothing was sent. */
  return async (): Promise<number | null> => {
    try {
      await form.validateFields([type === 'email' ? 'account' : 'mobile']);
    } catch {
      return null;
    }
    const identifier = identifierOf(type, form.getFieldsValue() as AccountValues, mobileMode, defaultArea);
    let sent: CodeSent;
    if (identifier.type === 'email') {
      sent = await sendEmail.mutateAsync({ email: identifier.account, type: codeType });
    } else {
      if (identifier.area_id === undefined) return null;
      sent = await sendSms.mutateAsync({
        to: identifier.account,
        area_id: identifier.area_id,
        type: codeType,
      });
    }
    Toast.show({ icon: 'success', content: t('auth.codeSent') });
    return sent.resend_seconds;
  };
}
