import { Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { decimalInputText } from '../../../lib/decimal-input';

type CopyNumberFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The unit after the number: USDT, %, x. */
  unit: string;
  placeholder?: string;
  /** What the field is for; stays under the box. */
  hint?: ReactNode;
  /** The rule the value breaks, above the hint. */
  error?: string;
};

/** A number box of the follow form: label, decimal keypad, unit, the rule it breaks and what it means. */
export function CopyNumberField({
  name,
  label,
  value,
  onChange,
  unit,
  placeholder,
  hint,
  error,
}: CopyNumberFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`order-field copy-field${error ? ' has-error' : ''}`} data-field={name}>
      <label className="order-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="order-field-box">
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(next) => onChange(decimalInputText(next))}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          clearable
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        <span className="copy-field-unit" dir="ltr">
          {unit}
        </span>
      </div>
      {error && (
        <p id={errorId} className="order-field-error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="order-field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
