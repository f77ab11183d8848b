import type { CopyOrder } from '@meridian/contract/copy';
import type { Order } from '@meridian/contract/trading';
import { useTranslation } from 'react-i18next';
import { OrderFigures, OrderRowHead, OrderRowTime } from '../../../components/order-row-parts';
import { SignedAmount } from '../../../components/signed-amount';
import type { DateFormat } from '../../../hooks/use-date-format';
import { isolated } from '../../../lib/bidi';
import { MONEY_PLACES } from '../../../lib/money-format';
import '../../../components/signed-amount.css';
import '../../../components/order-row.css';
import './copy-center.css';

/** An open order's profit and the price it would close at now. */
export type LiveFigures = { profit: string; price: string };

/**
 * Where a holding copy's live figures come from. The app gives the trading feature's live marks
 * (forex.trade pushes); without them, the figures the list last read.
 */
export type LiveFiguresHook = (order: Order) => LiveFigures;

export const useListedFigures: LiveFiguresHook = (order) => ({
  profit: order.FactProfits,
  price: order.UpdatePrice,
});

type CopyOrderRowProps = { order: CopyOrder; dates: DateFormat; useLiveFigures: LiveFiguresHook };

/**
 * One copied order: its direction and instrument, the trader it copies, lots and leverage, its
 * profit (live while open), open and current (or close) price, margin and fee (the follow's result
 * is after fees, so the fee is shown where the customer compares), when it opened, why it closed.
 */
export function CopyOrderRow({ order, dates, useLiveFigures }: CopyOrderRowProps) {
  const { t } = useTranslation();
  const live = useLiveFigures(order);
  const holding = order.State === 'holding';
  return (
    <article
      className={`order-row copy-order-row state-${order.State}`}
      data-order-id={order.Id}
      data-state={order.State}
    >
      <div className="plain-button order-row-main">
        <OrderRowHead
          order={order}
          end={
            <SignedAmount
              amount={holding ? live.profit : order.FactProfits}
              places={MONEY_PLACES.profit}
              className="order-row-profit"
              testId="copy-order-profit"
            />
          }
        />
        <span className="copy-order-trader">
          {t('copy.orders.from', { name: isolated(order.TraderName) })}
        </span>
        <OrderFigures order={order} livePrice={live.price} pending={false} ended={!holding} />
      </div>
      <div className="order-row-foot">
        <OrderRowTime
          time={dates.dateTime(new Date(order.OpenTime || order.CreateTime).toISOString())}
          order={order}
        />
      </div>
    </article>
  );
}
