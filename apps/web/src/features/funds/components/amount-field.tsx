import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInputField } from '../../../components/decimal-input-field';
import { formatPriceText } from '../../../lib/price-format';
import type { FundsMessage } from '../utils/amount-checks';
import './funds.css';

type AmountFieldProps = {
  value: string;
  onChange(value: string): void;
  /** The currency the amount is in, shown inside the box. */
  currency: string;
  min: string;
  max: string;
  problem: FundsMessage | undefined;
  /** A line under the box besides the bounds (the live estimate). */
  extra?: ReactNode;
  /** An action inside the box, after the currency ("All"). */
  action?: ReactNode;
};

/** The amount box of the deposit and withdrawal forms: its bounds under it, its first problem in red. */
export function AmountField({
  value,
  onChange,
  currency,
  min,
  max,
  problem,
  extra,
  action,
}: AmountFieldProps) {
  const { t } = useTranslation();
  const bounds =
    max !== '0' && max !== ''
      ? t('funds.amountRange', { min: formatPriceText(min), max: formatPriceText(max), currency })
      : t('funds.amountMin', { min: formatPriceText(min), currency });
  return (
    <DecimalInputField
      name="amount"
      className="funds-amount"
      label={t('funds.amount')}
      value={value}
      onChange={onChange}
      placeholder={t('funds.amountPlaceholder')}
      error={problem ? t(problem.key, problem.params) : undefined}
      hint={
        <>
          <span>{bounds}</span>
          {extra}
        </>
      }
      keepHintWithError
      suffix={
        <>
          <span className="funds-unit">{currency}</span>
          {action}
        </>
      }
    />
  );
}
