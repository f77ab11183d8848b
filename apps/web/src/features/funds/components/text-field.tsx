import { Input, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { PasswordEyeButton } from '../../../components/password-eye-button';
import '../../../components/order-field.css';
import './funds.css';

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  maxLength: number;
  error?: string | undefined;
  hint?: string | undefined;
  /** `password` hides what is typed (with a show/hide eye); `multiline` is a note of a few lines. */
  kind?: 'text' | 'password' | 'multiline';
  autoComplete?: string;
  /** Addresses, accounts and codes read left to right in every language. */
  ltr?: boolean;
};

/** A labelled text box of the funds forms, boxed like the amount, with its error or hint below. */
export function TextField({
  name,
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  error,
  hint,
  kind = 'text',
  autoComplete = 'off',
  ltr = false,
}: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const messageId = `${id}-message`;
  const message = error ?? hint;
  const common = {
    id,
    value,
    onChange,
    placeholder,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': message ? messageId : undefined,
  };
  return (
    <div
      className={`order-field funds-text-field${ltr ? ' is-ltr' : ''}${error ? ' has-error' : ''}`}
      data-field={name}
    >
      <label className="order-field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`order-field-box${kind === 'multiline' ? ' is-multiline' : ''}`}>
        {kind === 'multiline' ? (
          <TextArea {...common} rows={2} autoSize={{ minRows: 2, maxRows: 4 }} />
        ) : (
          <Input
            {...common}
            name={name}
            type={kind === 'password' && !visible ? 'password' : 'text'}
            autoComplete={autoComplete}
            autoCapitalize="off"
            autoCorrect="off"
            clearable
          />
        )}
        {kind === 'password' && (
          <PasswordEyeButton
            className="funds-eye"
            visible={visible}
            onToggle={() => setVisible((shown) => !shown)}
          />
        )}
      </div>
      {message && (
        <p
          id={messageId}
          className={error ? 'order-field-error' : 'order-field-hint'}
          role={error ? 'alert' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}
