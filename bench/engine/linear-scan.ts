import { priceToTicks } from '@meridian/domain/price-ticks';
import type { StopPrices, Trigger } from '../../apps/server/src/modules/trading/engine/trigger-index';

/**
 * The baseline: what an engine without a sorted index does, a plain scan of every trigger of the
 * ticked instrument on every tick. It is given the same advantages as the index (triggers grouped by
 * instrument, prices as integer ticks, no decimal parsing in the loop), so the comparison measures
 * the sorted structure and nothing else. Same firing rules, same "one per order, stop-loss first".
 */
type Row = {
  trigger: Trigger;
  orderId: number;
  key: number;
  stopLoss: boolean;
  firesBelow: boolean;
  onBid: boolean;
};

const NOTHING: readonly Trigger[] = Object.freeze([]);

export class LinearScan {
  private readonly rows = new Map<number, Row[]>();
  private readonly precision = new Map<number, number>();

  defineInstrument(instrumentId: number, pricePrecision: number): void {
    this.precision.set(instrumentId, pricePrecision);
    this.rows.set(instrumentId, []);
  }

  add(trigger: Trigger): void {
    const precision = this.precision.get(trigger.instrumentId) ?? 0;
    const buy = trigger.side === 'buy';
    // Fires when the watched price is at or below the key (buy stop-loss, sell take-profit,
    // pending buy), or at or above it (the other three).
    const firesBelow = trigger.kind === 'stopLoss' ? buy : trigger.kind === 'takeProfit' ? !buy : buy;
    const onBid = trigger.kind === 'pending' ? !buy : buy;
    const key = priceToTicks(trigger.price, precision, firesBelow ? 'floor' : 'ceil');
    this.rows.get(trigger.instrumentId)?.push({
      trigger,
      orderId: trigger.orderId,
      key,
      stopLoss: trigger.kind === 'stopLoss',
      firesBelow,
      onBid,
    });
  }

  setStops(order: Pick<Trigger, 'orderId' | 'instrumentId' | 'side'>, stops: StopPrices): void {
    if (stops.stopLoss !== null) this.add({ ...order, kind: 'stopLoss', price: stops.stopLoss });
    if (stops.takeProfit !== null) this.add({ ...order, kind: 'takeProfit', price: stops.takeProfit });
  }

  collect(instrumentId: number, bid: string, ask: string): readonly Trigger[] {
    const rows = this.rows.get(instrumentId);
    if (!rows) return NOTHING;
    const precision = this.precision.get(instrumentId) ?? 0;
    const bidTicks = priceToTicks(bid, precision, 'exact');
    const askTicks = priceToTicks(ask, precision, 'exact');
    let fired: Map<number, Row> | undefined;
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as Row;
      const price = row.onBid ? bidTicks : askTicks;
      if (row.firesBelow ? price > row.key : price < row.key) continue;
      fired ??= new Map();
      const earlier = fired.get(row.orderId);
      if (!earlier || row.stopLoss) fired.set(row.orderId, row);
    }
    if (!fired) return NOTHING;
    // Drop every trigger of the orders that fired (their other stop too), compacting in place.
    let kept = 0;
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as Row;
      if (!fired.has(row.orderId)) rows[kept++] = row;
    }
    rows.length = kept;
    const triggers: Trigger[] = [];
    for (const row of fired.values()) triggers.push(row.trigger);
    return triggers;
  }
}
