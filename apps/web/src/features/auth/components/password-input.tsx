import './auth-fields.css';
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordInputProps = {
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
};

/** A password box with a show/hide eye, so a customer on a phone can check what they typed. */
export function PasswordInput({ value, onChange, placeholder, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-row">
      <Input
        className="input-row-main"
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={64}
        clearable
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
