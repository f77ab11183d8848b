import { performance } from 'node:perf_hooks';
import type { QuoteSource, QuoteSourceEvents, SourceState } from '../src/modules/market/feeds/quote-source';

/**
 * A price source a test drives by hand (the FIX and stream adapters have tests of their own against
 * real peers): it reports what the test says, when it says it, so the market's checks, staleness,
 * failover and the trading rules can be shown step by step on a test clock.
 */
export class ScriptedQuoteSource implements QuoteSource {
  private events: QuoteSourceEvents | undefined;
  symbols: readonly string[] = [];
  stopped = false;

  constructor(readonly kind: QuoteSource['kind'] = 'fix') {}

  start(events: QuoteSourceEvents): void {
    this.events = events;
    this.stopped = false;
    events.state('connected');
  }

  setSymbols(symbols: readonly string[]): void {
    this.symbols = [...symbols];
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }

  /** Reports a quote; `feedMs` is the venue's own time of it (null: the venue gave none). */
  quote(
    symbol: string,
    bid: string | undefined,
    ask: string | undefined,
    feedMs: number | null = null,
  ): void {
    this.emitter().quote({ symbol, bid, ask, receivedMs: Date.now(), feedMs, arrivedAt: performance.now() });
  }

  reject(symbol: string, reason: string): void {
    this.emitter().symbolRejected(symbol, reason);
  }

  state(state: SourceState, detail?: string): void {
    this.emitter().state(state, detail);
  }

  private emitter(): QuoteSourceEvents {
    if (!this.events) throw new Error('the source was not started');
    return this.events;
  }
}
