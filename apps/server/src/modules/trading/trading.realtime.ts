import { TOPIC_FOREX_CLOSED } from '@meridian/contract/socket';
import type { ForexClosedPush } from '@meridian/contract/trading';
import type { ServerContext } from '../../context';
import type { DomainEvents, OrderRecord } from '../../events';
import { listInstruments } from '../market/market.public';
import { amountText, priceText, wireStatus } from './order-view';

type Label = { showCode: string; pricePrecision: number };

/** The `forex.closed` push of an order that left its list (closed, or a pending order cancelled). */
export function closedPush(order: OrderRecord, balance: string, label: Label): ForexClosedPush {
  return {
    Id: order.id,
    ForexId: order.instrumentId,
    ShowCode: label.showCode,
    Status: wireStatus(order.status),
    State: order.status,
    reason: order.closeReason ?? 'user',
    FactProfits: amountText(order.realisedProfit),
    ClosePrice: priceText(order.closePrice, label.pricePrecision),
    CloseTime: order.closedAt?.getTime() ?? 0,
    balance,
  };
}

/**
 * The realtime side of the order events (STYLE.md, immich: the service emits, the hub listens):
 * every node pushes `forex.closed` to the owner's sockets for the closes and cancellations it
 * committed (with Redis, the hub carries it to the owner's sockets on other nodes). Runs on every
 * node; `forex.trade` comes from the engine, which holds the live figures.
 */
export function bridgeOrderEvents(context: ServerContext): { warm(): Promise<void>; close(): void } {
  const labels = new Map<number, Label>();
  const load = async () => {
    for (const row of await listInstruments(context.db))
      labels.set(row.id, { showCode: row.showCode, pricePrecision: row.pricePrecision });
  };
  const labelOf = async (instrumentId: number): Promise<Label> => {
    if (!labels.has(instrumentId)) await load();
    return labels.get(instrumentId) ?? { showCode: '', pricePrecision: 8 };
  };
  const push = ({ order, balance }: DomainEvents['order.closed']) => {
    const cached = labels.get(order.instrumentId);
    if (cached) {
      context.realtime.publishToUser(order.userId, TOPIC_FOREX_CLOSED, closedPush(order, balance, cached));
      return;
    }
    labelOf(order.instrumentId)
      .then((label) =>
        context.realtime.publishToUser(order.userId, TOPIC_FOREX_CLOSED, closedPush(order, balance, label)),
      )
      .catch(() => {
        // The database is away: the push is lost, the order list (read on reconnect) is not.
      });
  };
  const offClosed = context.events.on('order.closed', push);
  const offCancelled = context.events.on('order.cancelled', push);
  // A back-office edit (a new price precision) is read again at once, so the next push formats with it.
  const offChanged = context.events.on('instrument.changed', () => {
    load().catch(() => {
      // The database is away: the labels held stay until the next change.
    });
  });
  return {
    // Read once when the app is ready, so a push never waits for the database.
    warm: load,
    close() {
      offClosed();
      offCancelled();
      offChanged();
    },
  };
}
