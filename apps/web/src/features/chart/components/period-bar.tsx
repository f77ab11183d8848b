import { PERIOD_LABELS, type PeriodLabel } from '@meridian/contract/periods';
import { useTranslation } from 'react-i18next';
import './period-bar.css';

type PeriodBarProps = { value: PeriodLabel; onChange(period: PeriodLabel): void };

/** The six chart periods of spec section 9, one tap each. */
export function PeriodBar({ value, onChange }: PeriodBarProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="period-bar">
      <legend className="visually-hidden">{t('trade.periodLabel')}</legend>
      {PERIOD_LABELS.map((period) => (
        <button
          key={period}
          type="button"
          className="period-button"
          aria-pressed={period === value}
          data-period={period}
          onClick={() => onChange(period)}
        >
          {t(`trade.periods.${period}`)}
        </button>
      ))}
    </fieldset>
  );
}
