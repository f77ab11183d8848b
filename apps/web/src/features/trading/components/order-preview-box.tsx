import { useTranslation } from 'react-i18next';
import { formatMoneyText, formatOrderAmount, MONEY_PLACES } from '../../../lib/money-format';
import type { OrderPreview } from '../utils/order-preview';
import './order-form.css';

const NONE = '--';

/** The order's cost before it is sent: margin, fee, their sum, and the balance that must cover it. */
export function OrderPreviewBox({ preview }: { preview: OrderPreview }) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; value: string; strong?: boolean }[] = [
    {
      key: 'margin',
      label: t('orderForm.margin'),
      value: preview.margin ? formatOrderAmount(preview.margin) : NONE,
    },
    { key: 'fee', label: t('orderForm.fee'), value: preview.fee ? formatOrderAmount(preview.fee) : NONE },
    {
      key: 'required',
      label: t('orderForm.required'),
      value: preview.required ? formatOrderAmount(preview.required) : NONE,
      strong: true,
    },
    {
      key: 'available',
      label: t('orderForm.available'),
      value: preview.available ? formatMoneyText(preview.available, MONEY_PLACES.balance) : NONE,
    },
  ];
  return (
    <section className="order-preview" aria-label={t('orderForm.previewLabel')} data-testid="order-preview">
      <dl className="order-preview-rows">
        {rows.map((row) => (
          <div
            key={row.key}
            className={`order-preview-row${row.strong ? ' is-strong' : ''}`}
            data-field={row.key}
          >
            <dt>{row.label}</dt>
            <dd>
              <bdi dir="ltr">{row.value}</bdi> <span className="order-preview-unit">USDT</span>
            </dd>
          </div>
        ))}
      </dl>
      {preview.insufficient && (
        <p className="order-preview-warning" role="status">
          {t('orderForm.insufficient')}
        </p>
      )}
    </section>
  );
}
