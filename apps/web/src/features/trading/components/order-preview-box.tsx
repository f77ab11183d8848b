import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoneyText, formatOrderAmount, MONEY_PLACES } from '../../../lib/money-format';
import type { OrderPreview } from '../utils/order-preview';
import './order-form.css';

const NONE = '--';

/**
 * Where money for an order too large for the balance comes from: a real account deposits; a demo
 * account (which cannot deposit) is offered a real one.
 */
export type TopUp = { kind: 'deposit' | 'openReal'; onPress(): void };

type OrderPreviewBoxProps = {
  preview: OrderPreview;
  /** The next step when the balance does not cover the order; none leaves the warning alone. */
  topUp?: TopUp | undefined;
};

/** The order's cost before it is sent: margin, fee, their sum, and the balance that must cover it. */
export function OrderPreviewBox({ preview, topUp }: OrderPreviewBoxProps) {
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
            className={`figure-line order-preview-row${row.strong ? ' is-strong' : ''}`}
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
        <div className="order-preview-short" data-testid="funds-short">
          <p className="order-preview-warning" role="status">
            {t(topUp?.kind === 'openReal' ? 'orderForm.insufficientDemo' : 'orderForm.insufficient')}
          </p>
          {topUp && (
            <Button
              size="small"
              color="primary"
              fill="outline"
              className="order-preview-top-up"
              data-testid="funds-short-action"
              onClick={topUp.onPress}
            >
              {t(topUp.kind === 'deposit' ? 'orderForm.deposit' : 'orderForm.openRealAccount')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
