import { Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { decimalInputText } from '../../../lib/decimal-input';

type DecimalFieldProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** A line under the box: what the field expects, with the live price. */
  hint?: ReactNode;
  /** The rule the value breaks; shown instead of the hint. */
  error?: string;
  name: string;
};

/** A price box: a label above, a decimal keypad, a clear button, and its hint or error below. */
export function DecimalField({ label, value, onChange, placeholder, hint, error, name }: DecimalFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={`order-field${error ? ' has-error' : ''}`} data-field={name}>
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
          aria-describedby={hint || error ? noteId : undefined}
        />
      </div>
      {error ? (
        <p id={noteId} className="order-field-error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="order-field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
