import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import type { DrawMethod } from '@meridian/contract/wallet';
import { Button } from 'antd-mobile';
import { AddOutline, CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DrawKind } from '../api/funds-keys';
import { methodLine } from '../utils/method-text';
import './funds.css';
import './withdraw.css';

type MethodPickerProps = {
  kind: DrawKind;
  methods: readonly DrawMethod[];
  value: number | undefined;
  onChange(id: number): void;
  /** Opens the form that binds a new address or account of the chosen currency. */
  onAdd(): void;
  error?: string | undefined;
};

/**
 * Where the withdrawal goes: one of the customer's bound addresses or accounts of the chosen
 * currency, as radio cards, and a way to add one. With none bound the box says so and offers to
 * bind one (the form's submit asks the same in a dialog, spec section 8).
 */
export function MethodPicker({ kind, methods, value, onChange, onAdd, error }: MethodPickerProps) {
  const { t } = useTranslation();
  const label = t(kind === DRAW_TYPE.coin ? 'funds.withdraw.toAddress' : 'funds.withdraw.toAccount');
  return (
    <div className={`funds-field method-picker${error ? ' has-error' : ''}`} data-field="method">
      <span className="funds-field-label" aria-hidden="true">
        {label}
      </span>
      {methods.length === 0 ? (
        <div className="method-none">
          <span>{t(kind === DRAW_TYPE.coin ? 'funds.withdraw.noAddress' : 'funds.withdraw.noAccount')}</span>
          <Button size="small" color="primary" fill="outline" onClick={onAdd}>
            {t('funds.withdraw.goBind')}
          </Button>
        </div>
      ) : (
        <fieldset className="method-options">
          <legend className="visually-hidden">{label}</legend>
          {methods.map((method) => (
            <label
              key={method.id}
              className={`method-option${method.id === value ? ' is-chosen' : ''}`}
              data-method-id={method.id}
            >
              <input
                type="radio"
                name={`draw-method-${kind}`}
                className="method-radio"
                checked={method.id === value}
                onChange={() => onChange(method.id)}
              />
              <bdi className="method-line" dir="ltr">
                {methodLine(method)}
              </bdi>
              {method.type === DRAW_TYPE.bank && <span className="method-payee">{method.payee_name}</span>}
              {method.id === value && <CheckCircleFill className="method-check" aria-hidden="true" />}
            </label>
          ))}
          <button type="button" className="funds-link-button method-add" onClick={onAdd}>
            <AddOutline aria-hidden="true" />{' '}
            {t(kind === DRAW_TYPE.coin ? 'funds.wallet.addCoin' : 'funds.wallet.addBank')}
          </button>
        </fieldset>
      )}
      {error && (
        <p className="funds-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
