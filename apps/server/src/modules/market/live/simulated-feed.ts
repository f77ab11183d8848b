import type { FeedInstrument, HistoryBatch, HistoryRequest, PriceFeed, PriceTick } from './feed';
import { HistoryWorld } from './history';
import { LiveWorld } from './simulator';
import { WorldModel } from './world';

/**
 * The built-in feed: the seeded world model of world.ts, live (simulator.ts) and as history
 * (history.ts). Currencies move against the dollar and every pair is made from them, so crosses
 * agree with their legs; related markets share factors (see world.ts).
 */
export class SimulatedFeed implements PriceFeed {
  private readonly live: LiveWorld;
  private readonly past: HistoryWorld;

  constructor(seed: number) {
    // One model for both: history and live learn the same instruments and the same legs.
    const model = new WorldModel();
    this.live = new LiveWorld(seed, model);
    this.past = new HistoryWorld(seed, model);
  }

  resume(instrument: FeedInstrument, price: string, atMs: number): void {
    this.live.resume(instrument, price, atMs);
  }

  drain(nowMs: number): PriceTick[] {
    return this.live.drain(nowMs);
  }

  history(instrument: FeedInstrument, request: HistoryRequest, batchMinutes: number): Iterable<HistoryBatch> {
    return this.past.history(instrument, request, batchMinutes);
  }
}
