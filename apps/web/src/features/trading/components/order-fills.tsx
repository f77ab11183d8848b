import type { ExecutionRecord, Order } from '@meridian/contract/trading';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { formatDecimal } from '../../../lib/number-format';
import { useExecution } from '../api/get-execution';
import { FILL_KIND_KEYS, feedSymbol, fillDelayMs, isTriggerFill, tradedSide } from '../utils/execution-view';
import './order-fills.css';

type Row = { key: string; label: string; value: ReactNode };

/** A price at the instrument's digits (the server stores 8 places). */
function priceAt(value: string, digits: number): ReactNode {
  return <bdi dir="ltr">{formatDecimal(value, { places: digits })}</bdi>;
}

/** "bid / ask", the side the fill took in bold. */
function QuotePair({
  bid,
  ask,
  taken,
  digits,
}: {
  bid: string;
  ask: string;
  taken: 'bid' | 'ask' | null;
  digits: number;
}) {
  return (
    <bdi dir="ltr" className="order-fill-quote">
      <span className={taken === 'bid' ? 'order-fill-taken' : undefined}>
        {formatDecimal(bid, { places: digits })}
      </span>
      {' / '}
      <span className={taken === 'ask' ? 'order-fill-taken' : undefined}>
        {formatDecimal(ask, { places: digits })}
      </span>
    </bdi>
  );
}

function FillRows({ record, digits }: { record: ExecutionRecord; digits: number }) {
  const { t } = useTranslation();
  const trigger = isTriggerFill(record);
  const symbol = feedSymbol(record.source);
  const rows: (Row | false)[] = [
    { key: 'price', label: t('orders.fills.price'), value: priceAt(record.price, digits) },
    trigger &&
      record.trigger_price !== null && {
        key: 'trigger',
        label: t('orders.fills.trigger'),
        value: priceAt(record.trigger_price, digits),
      },
    trigger &&
      record.crossing_bid !== null &&
      record.crossing_ask !== null && {
        key: 'crossing',
        label: t('orders.fills.crossing'),
        value: (
          <QuotePair
            bid={record.crossing_bid}
            ask={record.crossing_ask}
            taken={tradedSide(record)}
            digits={digits}
          />
        ),
      },
    !trigger && {
      key: 'quote',
      label: t('orders.fills.quote'),
      value: <QuotePair bid={record.bid} ask={record.ask} taken={tradedSide(record)} digits={digits} />,
    },
    { key: 'markup', label: t('orders.fills.markup'), value: <bdi dir="ltr">{record.markup_points}</bdi> },
    {
      key: 'source',
      label: t('orders.fills.source'),
      value: symbol === null ? t('live.simulatedPrices') : <bdi dir="ltr">{symbol}</bdi>,
    },
    {
      key: 'delay',
      label: t(trigger ? 'orders.fills.triggerDelay' : 'orders.fills.delay'),
      value: <bdi dir="ltr">{fillDelayMs(record)} ms</bdi>,
    },
  ];
  return (
    <dl className="order-fill-rows">
      {rows
        .filter((row): row is Row => row !== false)
        .map((row) => (
          <div key={row.key} className="figure-line order-fill-row" data-fill-field={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The fills of an order, oldest first, prices at the instrument's `digits`. */
export function FillList({ records, digits }: { records: readonly ExecutionRecord[]; digits: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <ol className="order-fills-list">
      {records.map((record) => (
        <li key={`${record.kind}-${record.filled_at}`} className="order-fill" data-kind={record.kind}>
          <div className="order-fill-head">
            <span className="order-fill-kind">{t(FILL_KIND_KEYS[record.kind])}</span>
            <span className="order-fill-time">
              {dates.dateTime(new Date(record.filled_at).toISOString())}
            </span>
          </div>
          <FillRows record={record} digits={digits} />
        </li>
      ))}
    </ol>
  );
}

/**
 * "How this order was filled": each fill of the order with the quote it was made
 * against, the markup, where the price came from and the time from the order (or the crossing
 * quote) to the fill; read from GET /v1/api/forex/execution when the detail opens.
 */
export function OrderFills({ order }: { order: Order }) {
  const { t } = useTranslation();
  // A fill or a close adds a record: read again when the order's state or times change.
  const execution = useExecution(order.Id, `${order.State}:${order.OpenTime}:${order.CloseTime}`);
  let body: ReactNode;
  if (execution.isPending) body = <DotLoading />;
  else if (execution.isError) body = <p className="order-fills-note">{t('orders.fills.loadFailed')}</p>;
  else if (execution.data.list.length === 0)
    body = <p className="order-fills-note">{t('orders.fills.none')}</p>;
  else body = <FillList records={execution.data.list} digits={order.PricePrecision} />;
  return (
    <section className="order-fills" aria-labelledby={`order-fills-${order.Id}`} data-testid="order-fills">
      <h3 className="order-fills-title" id={`order-fills-${order.Id}`}>
        {t('orders.fills.title')}
      </h3>
      {body}
    </section>
  );
}
