import type { Clock } from '../src/clock';
import type { FeedInstrument, HistoryBatch, PriceFeed, PriceTick } from '../src/modules/market/live/feed';

/**
 * A price feed that moves only when a test says so: `set` queues a mid price at the clock's time,
 * and the next `app.market.tick()` applies it (and runs the trading engine on it). Unlike the
 * simulator it delivers a price even while a market is closed, so tests can show that triggers wait.
 */
export class ManualFeed implements PriceFeed {
  private queued: PriceTick[] = [];

  constructor(private readonly clock: Clock) {}

  resume(_instrument: FeedInstrument, _price: string, _atMs: number): void {}

  drain(nowMs: number): PriceTick[] {
    const due = this.queued.filter((tick) => tick.timeMs <= nowMs);
    this.queued = this.queued.filter((tick) => tick.timeMs > nowMs);
    return due;
  }

  history(): Iterable<HistoryBatch> {
    return [];
  }

  /** Queues a mid price (at the instrument's precision) for the next market run. */
  set(instrumentId: number, price: string): void {
    this.queued.push({ instrumentId, timeMs: this.clock.now().getTime(), price, volume: '1' });
  }
}
