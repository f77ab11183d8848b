import type { Order } from '@meridian/contract/trading';
import { checkStops } from '@meridian/domain/stop-rule';
import { asPrice } from '@meridian/domain/trade-values';
import { Button, CenterPopup, Toast } from 'antd-mobile';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../lib/bidi';
import { formatPriceText } from '../../../lib/price-format';
import { useSetOrderStops } from '../api/set-order-stops';
import { useOrderMark } from '../hooks/use-order-mark';
import { useTradingPaused } from '../hooks/use-trading-paused';
import { issueOf } from '../utils/order-checks';
import { isSetPrice, sideOf } from '../utils/order-labels';
import { DecimalField } from './decimal-field';
import { TradingPausedNote } from './trading-paused-note';
import './stops-dialog.css';

type StopsDialogProps = {
  /** The order whose stops are set; null closes the dialog. */
  order: Order | null;
  onDismiss(): void;
};

const asTyped = (price: string) => (isSetPrice(price) ? price : '');

/**
 * Set, change or clear a stop-loss and take-profit (spec section 4): two boxes, empty or 0 clears.
 * Checked live by the rule the server applies: against the open price (a pending order's target)
 * and, for a position, the price it would close at now.
 */
function StopsForm({ order, onDismiss }: { order: Order; onDismiss(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const live = useOrderMark(order);
  const setStops = useSetOrderStops();
  const paused = useTradingPaused();
  const [stopLoss, setStopLoss] = useState(() => asTyped(order.TargetLossPrice));
  const [takeProfit, setTakeProfit] = useState(() => asTyped(order.TargetProfitPrice));
  const holding = order.State === 'holding';
  const precision = order.PricePrecision;
  const base = {
    side: sideOf(order),
    openPrice: asPrice(order.Price),
    currentPrice: holding && isSetPrice(live.price) ? asPrice(live.price) : null,
    pricePrecision: precision,
  };
  const slCheck = checkStops({ ...base, stopLoss, takeProfit: '' });
  const tpCheck = checkStops({ ...base, stopLoss: '', takeProfit });
  const slError = slCheck.ok ? undefined : issueOf(slCheck);
  const tpError = tpCheck.ok ? undefined : issueOf(tpCheck);

  const save = async () => {
    if (paused) return;
    const issue = slError ?? tpError;
    if (issue) {
      Toast.show({ content: t(issue.key, issue.params) });
      return;
    }
    try {
      await setStops.mutateAsync({ orderId: order.Id, stopLoss, takeProfit });
      Toast.show({ icon: 'success', content: t('orders.stopsSaved') });
      onDismiss();
    } catch {
      // The API client has shown the server's message; the dialog stays for another try.
    }
  };

  return (
    <form
      className="stops-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 className="stops-dialog-title" id={titleId}>
        {t('orders.stopsTitle')}
      </h2>
      <p className="stops-dialog-context">
        <bdi className="stops-dialog-code">{order.ForexTradeLists.ShowCode}</bdi>
        <span>
          {t(holding ? 'orders.openPriceValue' : 'orders.targetPriceValue', {
            price: ltr(formatPriceText(order.Price, precision)),
          })}
        </span>
        {holding && (
          <span>{t('orders.currentPriceValue', { price: ltr(formatPriceText(live.price, precision)) })}</span>
        )}
      </p>
      {/* Stop-loss before take-profit, as in the order form, the order row and its detail. */}
      <DecimalField
        name="stop_loss_price"
        label={t('orders.stopLoss')}
        value={stopLoss}
        onChange={setStopLoss}
        placeholder={t('orderForm.notSet')}
        error={slError ? t(slError.key, slError.params) : undefined}
      />
      <DecimalField
        name="target_profit_price"
        label={t('orders.takeProfit')}
        value={takeProfit}
        onChange={setTakeProfit}
        placeholder={t('orderForm.notSet')}
        error={tpError ? t(tpError.key, tpError.params) : undefined}
      />
      <p className="stops-dialog-hint">{t('orders.stopsHint')}</p>
      {paused && <TradingPausedNote className="stops-dialog-paused" />}
      <div className="stops-dialog-actions">
        <Button block fill="outline" onClick={onDismiss}>
          {t('common.cancel')}
        </Button>
        <Button block color="primary" type="submit" loading={setStops.isPending} disabled={paused}>
          {t('orders.save')}
        </Button>
      </div>
    </form>
  );
}

export function StopsDialog({ order, onDismiss }: StopsDialogProps) {
  const shown = useRef<Order | null>(null);
  if (order) shown.current = order;
  const content = order ?? shown.current;
  return (
    <CenterPopup
      visible={order !== null}
      onMaskClick={onDismiss}
      onClose={onDismiss}
      className="stops-dialog-popup"
      destroyOnClose
    >
      {content && <StopsForm key={content.Id} order={content} onDismiss={onDismiss} />}
    </CenterPopup>
  );
}
