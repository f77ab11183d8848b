import { useTranslation } from 'react-i18next';
import './order-form.css';
import '../../../components/order-field.css';

type LeveragePickerProps = {
  options: readonly number[];
  value: number | null;
  onChange(leverage: number): void;
};

/** The instrument's leverage options (HasForexMultiple), one tap each. */
export function LeveragePicker({ options, value, onChange }: LeveragePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="order-field leverage-picker">
      <legend className="order-field-label">{t('orderForm.leverage')}</legend>
      <div className="leverage-options">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className="leverage-option"
            aria-pressed={option === value}
            data-leverage={option}
            onClick={() => onChange(option)}
          >
            <bdi dir="ltr">{option}x</bdi>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
