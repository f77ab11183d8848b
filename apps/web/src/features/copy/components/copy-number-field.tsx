import type { ReactNode } from 'react';
import { DecimalInputField } from '../../../components/decimal-input-field';
import './follow.css';

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

/**
 * A number box of the follow form, with its unit. The hint says what the amount or limit means,
 * which still helps while the value breaks a rule, so it stays under the error.
 */
export function CopyNumberField({ unit, ...field }: CopyNumberFieldProps) {
  return (
    <DecimalInputField
      {...field}
      className="copy-field"
      keepHintWithError
      suffix={
        <span className="copy-field-unit" dir="ltr">
          {unit}
        </span>
      }
    />
  );
}
