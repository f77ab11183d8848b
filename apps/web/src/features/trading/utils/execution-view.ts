import type { ExecutionKind, ExecutionRecord } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { fillRule } from '@meridian/domain/fill-invariant';

/**
 * How an order's fills read on its detail: what each fill was, the side of the quote it
 * took, where the price came from and how long it took. Pure, so it is tested on its own.
 */

/** Translation keys of the fill kinds; a close reads as the order's close reason does. */
export const FILL_KIND_KEYS: Record<ExecutionKind, string> = {
  market_open: 'orders.fills.kind.market_open',
  pending_fill: 'orders.fills.kind.pending_fill',
  copy_open: 'orders.fills.kind.copy_open',
  manual_close: 'orders.reason.user',
  stop_loss: 'orders.reason.stop_loss',
  take_profit: 'orders.reason.take_profit',
  stop_out: 'orders.reason.stop_out',
  copy_close: 'orders.reason.trader_closed',
  copy_stopped: 'orders.reason.copy_stopped',
  demo_reset: 'orders.reason.demo_reset',
};

/**
 * The side of the quote a fill trades at, by the fill invariant's rule (domain fill-invariant.ts):
 * an open buys at the ask and sells at the bid, a close the other way; a trigger fill's side is the
 * one its crossing quote reached the trigger on. `type` is the order's (1 buy, 2 sell).
 */
export function tradedSide(record: Pick<ExecutionRecord, 'kind' | 'type'>): 'bid' | 'ask' {
  const rule = fillRule(record.kind, record.type === ORDER_TYPE.buy ? 'buy' : 'sell');
  return rule.price === 'trigger' ? rule.crossing : rule.price;
}

/** A fill at a trigger (a pending order's target, a stop-loss, a take-profit): it has a trigger price. */
export function isTriggerFill(record: Pick<ExecutionRecord, 'trigger_price'>): boolean {
  return record.trigger_price !== null;
}

/**
 * Where the price came from: null for the simulator ("Simulated prices"), else the feed's symbol
 * (the source is `role/kind:symbol`; the symbol is what a customer recognises).
 */
export function feedSymbol(source: string): string | null {
  if (source === 'simulator') return null;
  const colon = source.lastIndexOf(':');
  const symbol = colon < 0 ? source : source.slice(colon + 1);
  return symbol === '' ? source : symbol;
}

/**
 * The delay in ms (docs/decisions.md "Order to fill"): from the order reaching the server to the
 * fill; for a trigger fill, from the crossing quote reaching us (the request is the engine's). Never
 * negative (clocks of one server).
 */
export function fillDelayMs(record: Pick<ExecutionRecord, 'requested_at' | 'filled_at'>): number {
  return Math.max(0, record.filled_at - record.requested_at);
}
