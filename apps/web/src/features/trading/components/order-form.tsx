import type { Instrument } from '@meridian/contract/market';
import type { Order } from '@meridian/contract/trading';
import { ENTRY_TYPE, ORDER_TYPE } from '@meridian/contract/trading-codes';
import { marginModeOf } from '@meridian/domain/margin';
import type { Side } from '@meridian/domain/side';
import { Button, Segmented, Toast } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { ltr } from '../../../lib/bidi';
import { formatPriceText } from '../../../lib/price-format';
import { usePlaceOrder } from '../api/place-order';
import { useOrderForm } from '../hooks/use-order-form';
import { useTradingPaused } from '../hooks/use-trading-paused';
import { AttemptKeys, fingerprintOf } from '../utils/attempt-keys';
import { checkDraft, firstIssue } from '../utils/order-checks';
import type { Issue, OrderPricing } from '../utils/order-draft';
import { toSubmitFields } from '../utils/submit-fields';
import { DecimalField } from './decimal-field';
import { LeveragePicker } from './leverage-picker';
import { LotsStepper } from './lots-stepper';
import { OrderPreviewBox, type TopUp } from './order-preview-box';
import { SideSwitch } from './side-switch';
import { TradingPausedNote } from './trading-paused-note';
import './order-form.css';
import { formatLots } from '../../../lib/number-format';

export type OrderFormProps = {
  instrument: Instrument;
  pricing: OrderPricing;
  initialSide: Side;
  /** Base setting trade_fee_type; undefined until the settings arrive. */
  feeType: number | undefined;
  /** The available balance; undefined while loading. */
  balance: string | undefined;
  /** The next step offered when the balance does not cover the order (deposit, or a real account). */
  topUp?: TopUp | undefined;
  onPlaced(order: Order): void;
};

/** The toast after a placed order: what opened (or waits) and at what price. */
function placedMessageKey(order: Order): string {
  const buy = order.OrderType === ORDER_TYPE.buy;
  if (order.EntryType === ENTRY_TYPE.market) return buy ? 'orderForm.placedBuy' : 'orderForm.placedSell';
  return buy ? 'orderForm.placedPendingBuy' : 'orderForm.placedPendingSell';
}

/**
 * The order form of spec sections 2 and 5: direction, market or pending, lots, leverage, target,
 * stop-loss and take-profit, checked and priced live by the domain rules the server applies.
 */
export function OrderForm({
  instrument,
  pricing,
  initialSide,
  feeType,
  balance,
  topUp,
  onPlaced,
}: OrderFormProps) {
  const { t } = useTranslation();
  const form = useOrderForm({ terms: instrument, pricing, feeType, balance, initialSide });
  const placeOrder = usePlaceOrder();
  const paused = useTradingPaused();
  const attempts = useRef(new AttemptKeys());
  const { draft, checked, update } = form;
  const precision = instrument.PricePrecision;
  const quote = pricing.quote;
  const leveraged = marginModeOf(instrument.MarginMode) === 'leveraged';
  const leverageOptions = instrument.HasForexMultiple.map((option) => option.Value);
  const noLeverage = leveraged && leverageOptions.length === 0;
  const message = (issue: Issue | undefined) => (issue ? t(issue.key, issue.params) : undefined);

  const submit = async () => {
    if (paused || !pricing.marketOpen) return;
    form.markAttempted();
    if (draft.lots.trim() === '') {
      Toast.show({ content: t('orderForm.pleaseComplete') });
      return;
    }
    const now = checkDraft(draft, instrument, pricing, { complete: true });
    const issue = firstIssue(now.issues);
    if (issue) {
      Toast.show({ content: t(issue.key, issue.params) });
      return;
    }
    const fields = toSubmitFields(instrument.Id, draft, now);
    const idempotencyKey = attempts.current.keyFor(fingerprintOf(fields));
    try {
      const order = await placeOrder.mutateAsync({ fields, idempotencyKey });
      attempts.current.settle();
      Toast.show({
        icon: 'success',
        content: t(placedMessageKey(order), {
          code: ltr(order.ForexTradeLists.ShowCode),
          lots: ltr(formatLots(order.Quantity, instrument.Pip)),
          price: ltr(formatPriceText(order.Price, order.PricePrecision)),
        }),
      });
      onPlaced(order);
    } catch (error) {
      // The server answered (a refusal it has toasted): nothing was opened, so the next send is a new
      // attempt. Without an answer the key is kept: sending again cannot open the order twice.
      if (error instanceof ApiError && (error.kind === 'rejected' || error.kind === 'session'))
        attempts.current.settle();
    }
  };

  const targetHint =
    quote &&
    t(draft.side === 'buy' ? 'orderForm.targetHintBuy' : 'orderForm.targetHintSell', {
      price: ltr(formatPriceText(draft.side === 'buy' ? quote.ask : quote.bid, precision)),
    });

  return (
    <form
      className="order-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SideSwitch
        value={draft.side}
        onChange={(side) => update({ side })}
        bid={quote?.bid ?? null}
        ask={quote?.ask ?? null}
        precision={precision}
      />
      <Segmented
        className="entry-switch"
        block
        value={draft.entry}
        onChange={(next) => update({ entry: next === 'pending' ? 'pending' : 'market' })}
        options={[
          { label: t('orderForm.market'), value: 'market' },
          { label: t('orderForm.pending'), value: 'pending' },
        ]}
      />
      {draft.entry === 'pending' && (
        <DecimalField
          name="target_price"
          label={t('orderForm.targetPrice')}
          value={draft.target}
          onChange={(target) => update({ target })}
          placeholder={t('orderForm.enterPrice')}
          hint={targetHint}
          error={message(checked.issues.target)}
        />
      )}
      <LotsStepper
        terms={instrument}
        value={draft.lots}
        onChange={(lots) => update({ lots })}
        error={message(checked.issues.lots)}
      />
      {leveraged && !noLeverage && (
        <LeveragePicker
          options={leverageOptions}
          value={draft.leverage}
          onChange={(leverage) => update({ leverage })}
        />
      )}
      <div className="order-form-stops">
        <DecimalField
          name="stop_loss_price"
          label={t('orderForm.stopLoss')}
          value={draft.stopLoss}
          onChange={(stopLoss) => update({ stopLoss })}
          placeholder={t('orderForm.notSet')}
          error={message(checked.issues.stopLoss)}
        />
        <DecimalField
          name="target_profit_price"
          label={t('orderForm.takeProfit')}
          value={draft.takeProfit}
          onChange={(takeProfit) => update({ takeProfit })}
          placeholder={t('orderForm.notSet')}
          error={message(checked.issues.takeProfit)}
        />
      </div>
      <OrderPreviewBox preview={form.preview} topUp={topUp} />
      <div className="order-form-submit">
        {noLeverage ? (
          <p className="order-form-blocked" role="status">
            {t('orderRules.leverage_not_configured')}
          </p>
        ) : !pricing.marketOpen && pricing.pricesPaused === null ? (
          <p className="order-form-blocked" role="status">
            {t('orderForm.marketClosed')}
          </p>
        ) : (
          <>
            {/* Both pauses come and go while the form is open: their notes float, the button stays. */}
            {pricing.pricesPaused ? (
              <p className="order-form-blocked is-floating" role="status" data-testid="prices-paused-note">
                {t(pricing.pricesPaused === 'stale' ? 'orderForm.pausedStale' : 'orderForm.pausedUnquoted')}
              </p>
            ) : (
              paused && <TradingPausedNote className="order-form-blocked is-floating" />
            )}
            <Button
              type="submit"
              block
              size="large"
              className={`order-submit side-${draft.side}`}
              loading={placeOrder.isPending}
              disabled={placeOrder.isPending || paused || !pricing.marketOpen}
            >
              {t(
                draft.entry === 'market'
                  ? draft.side === 'buy'
                    ? 'orderForm.submitBuy'
                    : 'orderForm.submitSell'
                  : draft.side === 'buy'
                    ? 'orderForm.submitPendingBuy'
                    : 'orderForm.submitPendingSell',
                { code: ltr(instrument.ShowCode) },
              )}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
