import './auth-fields.css';
import type { Captcha } from '@meridian/contract/settings';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type CaptchaImageProps = {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
};

/** The image captcha (verify_reg_type 2); a tap fetches a new one. */
export function CaptchaImage({ captcha, loading, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha-image" onClick={onRefresh} aria-label={t('auth.captchaRefresh')}>
      {captcha && !loading ? (
        <img src={captcha.image} alt={t('auth.captchaAlt')} width={112} height={40} />
      ) : (
        <SpinLoading style={{ '--size': '20px' }} />
      )}
    </button>
  );
}
