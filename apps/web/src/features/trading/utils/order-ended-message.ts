import type { CloseReason, OrderState } from '@meridian/contract/trading';
import { WEB_LIMITS } from '../../../lib/limits';

export type EndedOrder = {
  orderId: number;
  showCode: string;
  state: OrderState;
  reason: CloseReason;
  /** Realised profit, decimal text. */
  profit: string;
};

/**
 * The translation key telling the customer that an order ended and why; null when nothing needs
 * saying (a demo reset has its own message, and an open order has not ended).
 */
export function endedMessageKey({ state, reason }: Pick<EndedOrder, 'state' | 'reason'>): string | null {
  if (reason === 'demo_reset') return null;
  if (state === 'cancelled') return 'orders.ended.cancelled';
  if (state !== 'closed') return null;
  switch (reason) {
    case 'user':
      return 'orders.ended.byUser';
    case 'stop_loss':
      return 'orders.ended.byStopLoss';
    case 'take_profit':
      return 'orders.ended.byTakeProfit';
    case 'stop_out':
      return 'orders.ended.byStopOut';
    case 'trader_closed':
      return 'orders.ended.byTrader';
    case 'copy_stopped':
      return 'orders.ended.byCopyStopped';
    default: {
      const unknown: never = reason;
      throw new Error(`unknown close reason ${String(unknown)}`);
    }
  }
}

/**
 * Remembers the orders already announced, so the answer to the customer's own close and the push
 * about the same close toast once. Bounded: only the latest ones are kept.
 */
export class AnnouncedOrders {
  private readonly ids: number[] = [];

  constructor(private readonly capacity: number = WEB_LIMITS.announcedOrdersMax) {}

  /** True the first time an order is offered; false after. */
  claim(orderId: number): boolean {
    if (this.ids.includes(orderId)) return false;
    this.ids.push(orderId);
    if (this.ids.length > this.capacity) this.ids.shift();
    return true;
  }
}
