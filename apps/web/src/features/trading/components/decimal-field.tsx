import type { ReactNode } from 'react';
import { DecimalInputField } from '../../../components/decimal-input-field';

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

/**
 * A price box of the order form. The error replaces the hint: the hint repeats the live price,
 * which would only compete with the rule the value breaks.
 */
export function DecimalField(props: DecimalFieldProps) {
  return <DecimalInputField {...props} />;
}
