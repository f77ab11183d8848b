import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

type PasswordEyeButtonProps = {
  className: string;
  visible: boolean;
  onToggle(): void;
};

/** The show/hide eye beside a password box, so a customer on a phone can check what they typed. */
export function PasswordEyeButton({ className, visible, onToggle }: PasswordEyeButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
      aria-pressed={visible}
      onClick={onToggle}
    >
      {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
    </button>
  );
}
