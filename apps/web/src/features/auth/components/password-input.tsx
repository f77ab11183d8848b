import './auth-fields.css';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { PasswordEyeButton } from '../../../components/password-eye-button';

type PasswordInputProps = {
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
};

/** A password box with a show/hide eye, so a customer on a phone can check what they typed. */
export function PasswordInput({ value, onChange, placeholder, autoComplete }: PasswordInputProps) {
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
      <PasswordEyeButton
        className="icon-button"
        visible={visible}
        onToggle={() => setVisible((shown) => !shown)}
      />
    </div>
  );
}
