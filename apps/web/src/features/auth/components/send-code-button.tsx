import './auth-fields.css';
import { LIMITS } from '@meridian/contract/limits';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';

type SendCodeButtonProps = {
  /** Sends the code; resolves the server's wait before a resend, or null when the form stopped it. */
  onSend: () => Promise<number | null>;
};

/** "Send code", then a 60-second countdown during which it cannot be pressed (spec section 4). */
export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const resendSeconds = await onSend();
      // Spec section 4: 60 seconds; the server's own figure wins if it asks for longer.
      if (resendSeconds !== null) {
        countdown.start(Math.max(resendSeconds, LIMITS.verificationCodeResendSeconds));
      }
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
