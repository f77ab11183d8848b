import { Input } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../lib/bidi';
import { decimalInputShown, decimalInputText } from '../../../lib/decimal-input';
import { formatLots } from '../../../lib/number-format';
import { canDecreaseLots, canIncreaseLots, stepLots } from '../utils/lots-step';
import type { OrderTerms } from '../utils/order-draft';
import './order-form.css';
import '../../../components/order-field.css';

type LotsStepperProps = {
  terms: OrderTerms;
  value: string;
  onChange(lots: string): void;
  error?: string;
};

/** Lots with step buttons of one Pip (spec sections 2 and 5), between ForexMinCont and the maximum. */
export function LotsStepper({ terms, value, onChange, error }: LotsStepperProps) {
  const { t } = useTranslation();
  const id = useId();
  const limits = { pip: terms.Pip, min: terms.ForexMinCont, max: terms.ForexMaxCont };
  return (
    <div className={`order-field${error ? ' has-error' : ''}`} data-field="lots">
      <label className="order-field-label" htmlFor={id}>
        {t('orderForm.lots')}
      </label>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-step"
          aria-label={t('orderForm.fewerLots')}
          disabled={!canDecreaseLots(value, limits)}
          onClick={() => onChange(stepLots(value, -1, limits))}
        >
          <MinusOutline />
        </button>
        <Input
          id={id}
          className="lots-input"
          value={decimalInputShown(value)}
          onChange={(next) => onChange(decimalInputText(next))}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
        />
        <button
          type="button"
          className="lots-step"
          aria-label={t('orderForm.moreLots')}
          disabled={!canIncreaseLots(value, limits)}
          onClick={() => onChange(stepLots(value, 1, limits))}
        >
          <AddOutline />
        </button>
      </div>
      {error ? (
        <p id={`${id}-note`} className="order-field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className="order-field-hint">
          {t('orderForm.lotsHint', {
            min: ltr(formatLots(terms.ForexMinCont, terms.Pip)),
            max: ltr(formatLots(terms.ForexMaxCont, terms.Pip)),
            step: ltr(formatLots(terms.Pip)),
          })}
        </p>
      )}
    </div>
  );
}
