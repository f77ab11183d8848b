import { TOPIC_FOREX_CLOSED } from '@meridian/contract/socket';
import type { ForexClosedPush } from '@meridian/contract/trading';
import type { ServerContext } from '../../context';
import type { DomainEvents, OrderRecord } from '../../events';
import { type CatalogueSnapshot, instrumentCatalogue } from '../market/market.public';
import { amountText, priceText, wireStatus } from './order-view';

type Label = { showCode: string; pricePrecision: number };

/** The `forex.closed` push of an order that left its list (closed, or a pending order cancelled). */
function closedPush(order: OrderRecord, balance: string, label: Label): ForexClosedPush {
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
 * node; `forex.trade` comes from the engine, which holds the live figures. The show code and the
 * precision come from the node's instrument catalogue as it holds them now, so a push never waits
 * for the database and formats with a back-office edit as soon as the catalogue has it.
 */
export function bridgeOrderEvents(context: ServerContext): { warm(): Promise<void>; close(): void } {
  const catalogue = instrumentCatalogue(context);
  const labelIn = (snapshot: CatalogueSnapshot | undefined, instrumentId: number): Label | undefined => {
    const row = snapshot?.byId.get(instrumentId);
    return row && { showCode: row.showCode, pricePrecision: row.pricePrecision };
  };
  const push = ({ order, balance }: DomainEvents['order.closed']) => {
    const send = (label: Label) =>
      context.realtime.publishToUser(order.userId, TOPIC_FOREX_CLOSED, closedPush(order, balance, label));
    const held = labelIn(catalogue.held, order.instrumentId);
    if (held) {
      send(held);
      return;
    }
    catalogue
      .refresh()
      .then((snapshot) => send(labelIn(snapshot, order.instrumentId) ?? { showCode: '', pricePrecision: 8 }))
      .catch(() => {
        // The database is away: the push is lost, the order list (read on reconnect) is not.
      });
  };
  const offClosed = context.events.on('order.closed', push);
  const offCancelled = context.events.on('order.cancelled', push);
  return {
    // Read once when the app is ready, so a push never waits for the database.
    async warm() {
      await catalogue.read();
    },
    close() {
      offClosed();
      offCancelled();
    },
  };
}
