import type { OrderRecord } from '../../../events';
import type { PositionBook } from './position-book';
import type { TriggerIndex, TriggerKind } from './trigger-index';

/** Told of a stored trigger price the index cannot key, with the index's reason. */
type UnindexableTrigger = (kind: TriggerKind, price: string, problem: string) => void;

/**
 * Puts an order's triggers and figures as stored: a pending target, a position's stops, or nothing.
 * The order always enters the figures, so stop-out counts it; a trigger the index cannot key (a
 * price stored before the price rule bounded it, or written by hand) is left out and reported, and
 * the order's other stop is still watched.
 */
export function placeOrder(
  order: OrderRecord,
  index: TriggerIndex,
  book: PositionBook,
  unindexable: UnindexableTrigger,
): void {
  index.remove(order.id);
  const owner = { orderId: order.id, instrumentId: order.instrumentId, side: order.side };
  const indexable = (kind: TriggerKind, price: string | null): string | null => {
    if (price === null) return null;
    const problem = index.keyProblem(order.instrumentId, price);
    if (problem === undefined) return price;
    unindexable(kind, price, problem);
    return null;
  };
  if (order.status === 'pending' && order.targetPrice !== null) {
    const target = indexable('pending', order.targetPrice);
    if (target !== null) index.add({ ...owner, kind: 'pending', price: target });
  } else if (order.status === 'holding') {
    const stopLoss = indexable('stopLoss', order.stopLoss);
    const takeProfit = indexable('takeProfit', order.takeProfit);
    if (stopLoss !== null || takeProfit !== null) index.setStops(owner, { stopLoss, takeProfit });
  }
  book.apply(order);
}
