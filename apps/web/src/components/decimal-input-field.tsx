import { Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { decimalInputShown, decimalInputText } from '../lib/decimal-input';
import './order-field.css';

export type DecimalInputFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string | undefined;
  /** A line under the box: what the field expects or means. */
  hint?: ReactNode;
  /** The rule the value breaks. */
  error?: string | undefined;
  /**
   * Whether the hint stays under the error. A hint that explains what the field means still helps
   * beside an error; one that repeats a live figure only competes with it.
   */
  keepHintWithError?: boolean;
  /** What follows the number inside the box, such as its unit; nothing when the label says it. */
  suffix?: ReactNode;
  /** A class of the field beside `order-field`, for a form's own look. */
  className?: string | undefined;
};

/** A number box: a label above, a decimal keypad, a clear button, its error and hint below. */
export function DecimalInputField({
  name,
  label,
  value,
  onChange,
  placeholder,
  hint,
  error,
  keepHintWithError = false,
  suffix,
  className,
}: DecimalInputFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hintShown = hint && (!error || keepHintWithError) ? hint : null;
  const described = [error ? errorId : null, hintShown ? hintId : null].filter(Boolean).join(' ');
  return (
    <div
      className={`order-field${className ? ` ${className}` : ''}${error ? ' has-error' : ''}`}
      data-field={name}
    >
      <label className="order-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="order-field-box">
        <Input
          id={id}
          name={name}
          value={decimalInputShown(value)}
          onChange={(next) => onChange(decimalInputText(next))}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          clearable
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {suffix}
      </div>
      {error && (
        <p id={errorId} className="order-field-error" role="alert">
          {error}
        </p>
      )}
      {hintShown && (
        <p id={hintId} className="order-field-hint">
          {hintShown}
        </p>
      )}
    </div>
  );
}
