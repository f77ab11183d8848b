import { LIMITS } from '@meridian/contract/limits';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';

type SendCodeButtonProps = {
  /** Sends the code; resolves true when it went out, false when the form stopped it. */
  onSend: () => Promise<boolean>;
};

/** "Send code", then a 60-second countdown during which it cannot be pressed (spec section 4). */
export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) countdown.start(LIMITS.verificationCodeResendSeconds);
    } catch {
      // The API client has already shown why; the button is simply ready again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="send-code-button"
      size="small"
      color="primary"
      fill="none"
      disabled={countdown.running || sending}
      onClick={send}
    >
      {countdown.running ? t('auth.resendIn', { seconds: countdown.secondsLeft }) : t('auth.sendCode')}
    </Button>
  );
}
