import { nextOpenMs } from '@meridian/domain/market-session';
import { SERVER_LIMITS } from '../../../limits';
import type { FeedInstrument, HistoryBatch, HistoryRequest, PriceFeed, PriceTick } from './feed';
import { simulateHistory } from './history';
import { hashText } from './random';
import { PriceSimulator, TICK_INTERVAL_MS_MAX, TICK_INTERVAL_MS_MIN } from './simulator';

type LiveStream = {
  instrument: FeedInstrument;
  simulator: PriceSimulator;
  lastTickMs: number;
  nextTickMs: number;
};

/**
 * The built-in feed: the seeded price model of simulator.ts. Each instrument has its own random
 * stream, which draws both its prices and the gaps between its ticks, so the same seed, start
 * and clock give the same ticks however often `drain` is called (within SERVER_LIMITS.feedCatchUpMs).
 * A closed market draws nothing: its stream sleeps until the session opens, and the model does
 * not move while closed (one step covers at most SERVER_LIMITS.feedStepMsMax), so prices reopen where
 * they closed and a restart continues from the last stored close without a jump.
 */
export class SimulatedFeed implements PriceFeed {
  private readonly streams = new Map<number, LiveStream>();

  constructor(private readonly seed: number) {}

  resume(instrument: FeedInstrument, price: string, atMs: number): void {
    // Each start gets its own draws (seed, instrument, start time), so a restart does not replay
    // the increments of the previous run, and a run stays reproducible from its seed and clock.
    const simulator = new PriceSimulator(hashText(`${this.seed}:live:${atMs}`), [instrument]);
    simulator.resumeFrom(instrument.code, price);
    const stream = { instrument, simulator, lastTickMs: atMs, nextTickMs: atMs };
    stream.nextTickMs = atMs + this.gap(stream);
    this.streams.set(instrument.id, stream);
  }

  drain(nowMs: number): PriceTick[] {
    const ticks: PriceTick[] = [];
    for (const stream of this.streams.values()) this.drainStream(stream, nowMs, ticks);
    return ticks.sort((a, b) => a.timeMs - b.timeMs);
  }

  history(instrument: FeedInstrument, request: HistoryRequest, batchMinutes: number): Iterable<HistoryBatch> {
    const simulator = new PriceSimulator(hashText(`${this.seed}:history:${request.fromMs}`), [instrument]);
    return simulateHistory(simulator, instrument, request, batchMinutes);
  }

  private drainStream(stream: LiveStream, nowMs: number, ticks: PriceTick[]): void {
    const { instrument, simulator } = stream;
    for (;;) {
      // Ticks that fell due long ago (a paused process, a clock moved by hand) are skipped.
      stream.nextTickMs = Math.max(stream.nextTickMs, nowMs - SERVER_LIMITS.feedCatchUpMs);
      if (stream.nextTickMs > nowMs) return;
      const at = stream.nextTickMs;
      const openAt = nextOpenMs(instrument.session, at);
      if (openAt > at) {
        stream.nextTickMs = openAt;
        continue;
      }
      const elapsedMs = Math.min(at - stream.lastTickMs, SERVER_LIMITS.feedStepMsMax);
      const price = simulator.step(instrument.code, elapsedMs);
      const volume = String(simulator.volume(instrument.code));
      ticks.push({ instrumentId: instrument.id, timeMs: at, price, volume });
      stream.lastTickMs = at;
      stream.nextTickMs = at + this.gap(stream);
    }
  }

  private gap(stream: LiveStream): number {
    const draw = stream.simulator.uniform(stream.instrument.code);
    return Math.round(TICK_INTERVAL_MS_MIN + draw * (TICK_INTERVAL_MS_MAX - TICK_INTERVAL_MS_MIN));
  }
}
