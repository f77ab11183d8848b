import { isMarketOpen } from '@meridian/domain/market-session';
import { midPrice, QUOTE_REFUSALS, QuoteChecks, type QuoteRefusal } from '@meridian/domain/quote-checks';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedInstrument, HistoryBatch, PriceFeed, PriceTick } from '../live/feed';
import type { QuoteSource, RawQuote, SourceState } from './quote-source';

/** The settings the running feed reads (the back office changes them without a restart). */
export type FeedTuning = { spikeFactor: number; staleMs: number };

export type FeedRole = 'primary' | 'secondary';

/** A switch between the primary and the secondary feed, for the log, the audit and the back office. */
export type FeedSwitch = { from: FeedRole; to: FeedRole; atMs: number; reason: string };

export type SourceHealth = {
  role: FeedRole;
  kind: QuoteSource['kind'];
  state: SourceState;
  /** The venue's text or the error of the last disconnection. */
  detail: string | undefined;
  active: boolean;
  lastQuoteMs: number | undefined;
  quotesReceived: number;
};

export type InstrumentFeedHealth = {
  instrumentId: number;
  code: string;
  symbol: string | null;
  received: number;
  accepted: number;
  refused: Record<QuoteRefusal, number>;
  lastGoodMs: number | undefined;
  /** The venue's reason when it refused the symbol's subscription. */
  rejected: string | undefined;
};

type RealFeedHealth = {
  sources: SourceHealth[];
  instruments: InstrumentFeedHealth[];
  switches: FeedSwitch[];
};

type Slot = {
  role: FeedRole;
  source: QuoteSource;
  state: SourceState;
  detail: string | undefined;
  lastQuoteMs: number | undefined;
  quotesReceived: number;
  /** Since when the slot has been healthy (connected and quoting) or not, for failover and failback. */
  healthySinceMs: number | undefined;
  unhealthySinceMs: number | undefined;
};

type Tracked = {
  terms: FeedInstrument;
  checks: QuoteChecks;
  received: number;
  accepted: number;
  refused: Record<QuoteRefusal, number>;
  lastGoodMs: number | undefined;
  rejected: string | undefined;
};

/** Refusals logged per instrument and reason: the first, then one in this many (a bad feed is loud). */
const REFUSAL_LOG_EVERY = 1000;
/** The switches kept for the back office. */
const SWITCHES_KEPT = 20;

function noRefusals(): Record<QuoteRefusal, number> {
  return Object.fromEntries(QUOTE_REFUSALS.map((reason) => [reason, 0])) as Record<QuoteRefusal, number>;
}

/**
 * A real price feed behind the `PriceFeed` the market runtime drives: the quotes of a
 * primary source (and an optional secondary) pass the quote checks (packages/domain quote-checks.ts)
 * and become ticks with the venue's bid and ask; every refusal is counted by reason and logged.
 * Both sources stay connected, so a failover loses no time: the primary silent or disconnected for
 * `failoverMs` hands the prices to the secondary, and `failbackMs` of a healthy primary hands them
 * back. A real feed has no history to give: charts start with its first quote.
 */
export class RealFeed implements PriceFeed {
  readonly kind = 'real';
  private readonly instruments = new Map<number, Tracked>();
  private readonly bySymbol = new Map<string, Set<number>>();
  private readonly slots: Slot[];
  private active: Slot;
  private pending: PriceTick[] = [];
  private readonly switches: FeedSwitch[] = [];
  private started = false;
  private tuning: FeedTuning = { spikeFactor: 20, staleMs: 10_000 };
  /** Told when good quotes wait to be drained, so the market can run at once (set by the runtime). */
  onQuotes: (() => void) | undefined;

  constructor(
    private readonly dependencies: {
      primary: QuoteSource;
      secondary?: QuoteSource | undefined;
      failoverMs: number;
      failbackMs: number;
      now: () => number;
      log: FastifyBaseLogger;
      /** Told of each switch (the market area audits it). */
      onSwitch?: (change: FeedSwitch) => void;
    },
  ) {
    const slot = (role: FeedRole, source: QuoteSource): Slot => ({
      role,
      source,
      state: 'disconnected',
      detail: undefined,
      lastQuoteMs: undefined,
      quotesReceived: 0,
      healthySinceMs: undefined,
      unhealthySinceMs: undefined,
    });
    this.slots = [slot('primary', dependencies.primary)];
    if (dependencies.secondary) this.slots.push(slot('secondary', dependencies.secondary));
    this.active = this.slots[0] as Slot;
  }

  /** Connects the sources (on the node that runs the feed). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const slot of this.slots) {
      slot.source.start({
        quote: (quote) => this.onQuote(slot, quote),
        symbolRejected: (symbol, reason) => this.onRejected(slot, symbol, reason),
        state: (state, detail) => this.onState(slot, state, detail),
      });
      slot.source.setSymbols(this.symbols());
    }
  }

  /** Disconnects the sources (a closing node, or one that stopped leading). */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all(this.slots.map((slot) => slot.source.stop()));
    for (const slot of this.slots) slot.state = 'disconnected';
  }

  get running(): boolean {
    return this.started;
  }

  /** The settings staff changed (the runtime reads them with the instruments' terms). */
  tune(tuning: FeedTuning): void {
    this.tuning = tuning;
  }

  resume(instrument: FeedInstrument, price: string, _atMs: number): void {
    const known = this.instruments.get(instrument.id);
    if (known) {
      if (known.terms.feedSymbol !== instrument.feedSymbol) known.rejected = undefined;
      known.terms = instrument;
      known.checks.retune(instrument.pricePrecision, price);
    } else {
      this.instruments.set(instrument.id, {
        terms: instrument,
        checks: new QuoteChecks(instrument.pricePrecision, price),
        received: 0,
        accepted: 0,
        refused: noRefusals(),
        lastGoodMs: undefined,
        rejected: undefined,
      });
    }
    this.bySymbol.clear();
    for (const [id, tracked] of this.instruments) {
      const symbol = tracked.terms.feedSymbol;
      if (!symbol) continue;
      const ids = this.bySymbol.get(symbol) ?? new Set<number>();
      ids.add(id);
      this.bySymbol.set(symbol, ids);
    }
    if (this.started) for (const slot of this.slots) slot.source.setSymbols(this.symbols());
  }

  drain(nowMs: number): PriceTick[] {
    this.watchHealth(nowMs);
    const ticks = this.pending;
    this.pending = [];
    return ticks;
  }

  *history(): Iterable<HistoryBatch> {
    // A real feed gives no history: stored candles start with its first quote.
  }

  /** The source its quotes come from now (`role/kind`), named on each fill's execution record. */
  activeSource(): string {
    return `${this.active.role}/${this.active.source.kind}`;
  }

  /** The venue's reason when it refused the instrument's symbol (undefined: not refused). */
  rejection(instrumentId: number): string | undefined {
    return this.instruments.get(instrumentId)?.rejected;
  }

  health(): RealFeedHealth {
    return {
      sources: this.slots.map((slot) => ({
        role: slot.role,
        kind: slot.source.kind,
        state: slot.state,
        detail: slot.detail,
        active: slot === this.active,
        lastQuoteMs: slot.lastQuoteMs,
        quotesReceived: slot.quotesReceived,
      })),
      instruments: [...this.instruments].map(([instrumentId, tracked]) => ({
        instrumentId,
        code: tracked.terms.code,
        symbol: tracked.terms.feedSymbol ?? null,
        received: tracked.received,
        accepted: tracked.accepted,
        refused: { ...tracked.refused },
        lastGoodMs: tracked.lastGoodMs,
        rejected: tracked.rejected,
      })),
      switches: [...this.switches],
    };
  }

  private symbols(): string[] {
    return [...this.bySymbol.keys()];
  }

  private onQuote(slot: Slot, quote: RawQuote): void {
    // The market's clock, not the adapter's: staleness and candles are judged on one clock.
    const atMs = this.dependencies.now();
    slot.lastQuoteMs = atMs;
    slot.quotesReceived += 1;
    if (slot !== this.active) return;
    const ids = this.bySymbol.get(quote.symbol);
    if (!ids) return;
    const { spikeFactor } = this.tuning;
    let added = false;
    for (const id of ids) {
      const tracked = this.instruments.get(id);
      if (!tracked) continue;
      // Outside trading hours a quote is not a price customers trade at (the weekly hours still apply).
      if (!isMarketOpen(tracked.terms.session, new Date(atMs))) continue;
      tracked.received += 1;
      const verdict = tracked.checks.check(quote.bid, quote.ask, spikeFactor);
      if (verdict.spikeDropped) this.refuse(tracked, 'spike', quote);
      if (verdict.kind === 'refused') {
        this.refuse(tracked, verdict.reason, quote);
        continue;
      }
      if (verdict.kind === 'held') continue;
      const precision = tracked.terms.pricePrecision;
      for (const checked of verdict.quotes) {
        tracked.accepted += 1;
        this.pending.push({
          instrumentId: id,
          timeMs: atMs,
          price: midPrice(checked, precision),
          volume: '0',
          bid: checked.bid,
          ask: checked.ask,
          feedMs: quote.feedMs,
        });
        added = true;
      }
      tracked.lastGoodMs = atMs;
      tracked.rejected = undefined;
    }
    if (added) this.onQuotes?.();
  }

  private refuse(tracked: Tracked, reason: QuoteRefusal, quote: RawQuote): void {
    tracked.refused[reason] += 1;
    const count = tracked.refused[reason];
    if (count === 1 || count % REFUSAL_LOG_EVERY === 0)
      this.dependencies.log.warn(
        {
          instrument: tracked.terms.code,
          symbol: quote.symbol,
          reason,
          bid: quote.bid,
          ask: quote.ask,
          count,
        },
        'feed quote refused',
      );
  }

  private onRejected(slot: Slot, symbol: string, reason: string): void {
    this.dependencies.log.warn({ feed: slot.role, symbol, reason }, 'feed refused a subscription');
    if (slot !== this.active) return;
    for (const id of this.bySymbol.get(symbol) ?? []) {
      const tracked = this.instruments.get(id);
      if (tracked) tracked.rejected = reason.slice(0, 200);
    }
  }

  private onState(slot: Slot, state: SourceState, detail: string | undefined): void {
    if (state !== slot.state || detail !== slot.detail)
      this.dependencies.log[state === 'disconnected' ? 'warn' : 'info'](
        { feed: slot.role, kind: slot.source.kind, state, detail },
        'price feed connection',
      );
    slot.state = state;
    slot.detail = detail?.slice(0, 500);
    // A lost connection counts from the moment it is lost, not from the next loop run.
    if (state !== 'connected') {
      slot.unhealthySinceMs ??= this.dependencies.now();
      slot.healthySinceMs = undefined;
    }
  }

  /** Whether a slot delivers now: connected, and quoting unless no subscribed market is open. */
  private healthy(slot: Slot, nowMs: number): boolean {
    if (slot.state !== 'connected') return false;
    const { staleMs } = this.tuning;
    const anyOpen = [...this.instruments.values()].some(
      (tracked) => tracked.terms.feedSymbol && isMarketOpen(tracked.terms.session, new Date(nowMs)),
    );
    if (!anyOpen) return true;
    return slot.lastQuoteMs !== undefined && nowMs - slot.lastQuoteMs <= staleMs;
  }

  /** Failover to the secondary and back, judged at every loop run. */
  private watchHealth(nowMs: number): void {
    for (const slot of this.slots) {
      if (this.healthy(slot, nowMs)) {
        slot.healthySinceMs ??= nowMs;
        slot.unhealthySinceMs = undefined;
      } else {
        slot.unhealthySinceMs ??= nowMs;
        slot.healthySinceMs = undefined;
      }
    }
    const [primary, secondary] = this.slots;
    if (!primary || !secondary || !this.started) return;
    const { failoverMs, failbackMs } = this.dependencies;
    if (
      this.active === primary &&
      primary.unhealthySinceMs !== undefined &&
      nowMs - primary.unhealthySinceMs >= failoverMs &&
      secondary.state === 'connected'
    )
      this.switchTo(
        secondary,
        nowMs,
        primary.state === 'connected' ? 'primary silent' : 'primary disconnected',
      );
    else if (
      this.active === secondary &&
      primary.healthySinceMs !== undefined &&
      nowMs - primary.healthySinceMs >= failbackMs
    )
      this.switchTo(primary, nowMs, 'primary healthy again');
  }

  private switchTo(slot: Slot, nowMs: number, reason: string): void {
    const change: FeedSwitch = { from: this.active.role, to: slot.role, atMs: nowMs, reason };
    this.active = slot;
    // The other venue's book is its own: a symbol it refused is judged afresh.
    for (const tracked of this.instruments.values()) tracked.rejected = undefined;
    this.switches.push(change);
    if (this.switches.length > SWITCHES_KEPT) this.switches.shift();
    this.dependencies.log.warn(change, 'price feed switched');
    this.dependencies.onSwitch?.(change);
  }
}
