import type { Quotation } from '@meridian/contract/market';
import type { Period } from '@meridian/domain/candles';
import type { Quote } from '@meridian/domain/quote';
import { SERVER_LIMITS } from '../../../limits';
import type { LiveMarket, MarketState, MemoryCandles, QuoteInfo, TickListener } from '../../../live-market';
import { getNumberSetting } from '../../settings/settings.public';
import { type FeedTuning, RealFeed } from '../feeds/real-feed';
import { type CatalogueSnapshot, InstrumentCatalogue } from '../instrument-catalogue';
import type { InstrumentRow } from '../market.repository';
import * as repository from '../market.repository';
import { fillHistory } from './backfill';
import { MarketBroadcaster } from './broadcast';
import { writePendingCandles } from './candle-rows';
import type { PriceFeed, PriceTick } from './feed';
import { readFeedTuning } from './feed-tuning';
import { LiveInstrument, type LiveTerms } from './live-instrument';
import { loadLiveStart, toLiveTerms } from './live-start';
import { DEFAULT_BACKFILL, type MarketDependencies, type MarketOptions } from './market-options';
import { MarketStates } from './market-states';
import { startMarketTimers } from './market-timers';
import { QuoteOrigins } from './quote-origins';
import { SimulatedFeed } from './simulated-feed';
import { StalePeriods } from './stale-periods';
import { TickListeners } from './tick-listeners';

// Part of the runtime's own API: its importers keep naming this file.
export type { MarketOptions } from './market-options';

const DAY_MS = 24 * 3_600_000;

/**
 * The live market (ARCHITECTURE.md "Runtime picture": feed tick -> market -> realtime): the feed's
 * ticks become quotes and candles in memory, candles go to the database in batches, and changes go
 * to the socket hub. The instruments and their terms come from the node's instrument catalogue, which
 * it owns: a new snapshot of it (an edit by staff, on any node) retunes the live instruments.
 */
export class MarketRuntime implements LiveMarket {
  /** The node's one instrument catalogue (market.service `instrumentCatalogue` hands it to other areas). */
  readonly catalogue: InstrumentCatalogue;
  private readonly live = new Map<number, LiveInstrument>();
  private readonly byCode = new Map<string, LiveInstrument>();
  private readonly tickListeners = new TickListeners();
  private readonly origins = new QuoteOrigins();
  private readonly states: MarketStates;
  private readonly broadcaster: MarketBroadcaster;
  private readonly timers: NodeJS.Timeout[] = [];
  private feed: PriceFeed | undefined;
  private writing: Promise<void> | undefined;
  private lastWriteMs = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** Whether this node runs the feed: always on a single node; with `follow`, while it leads. */
  private leading: boolean;
  /** The feed settings a real feed reads (refreshed with the terms). */
  private tuning: FeedTuning = { spikeFactor: 20, staleMs: 10_000 };
  /** Counts the loop's runs: the quote range the engine reads is that of the current run. */
  private loopRun = 0;
  /** A run of the loop asked for by a real feed's quotes (coalesced: one at a time). */
  private woken = false;
  private readonly stale: StalePeriods;

  constructor(
    private readonly dependencies: MarketDependencies,
    private readonly options: MarketOptions = {},
  ) {
    this.broadcaster = new MarketBroadcaster(dependencies.realtime);
    this.stale = new StalePeriods(dependencies);
    this.states = new MarketStates(
      this.live,
      this.origins,
      () => this.feed,
      () => this.tuning.staleMs,
    );
    this.leading = options.follow === undefined;
    this.catalogue = new InstrumentCatalogue(dependencies);
    this.catalogue.onChange((snapshot) => this.applyTerms(snapshot));
  }

  /** Whether this node runs the feed (and writes the candles) now. */
  get leads(): boolean {
    return this.leading;
  }

  /** Fills missing history, resumes every enabled instrument from its last stored price, and starts the loop. */
  async start(): Promise<void> {
    const { db, clock, log } = this.dependencies;
    const nowMs = clock.now().getTime();
    const terms = enabledInListOrder((await this.catalogue.refresh()).rows).map(toLiveTerms);
    const seed = this.options.seed ?? (await getNumberSetting(db, 'simulator_seed'));
    const feed = this.options.feed ?? new SimulatedFeed(seed);
    const backfill = this.options.backfill ?? DEFAULT_BACKFILL;
    if (backfill) {
      const report = await fillHistory(db, feed, terms, nowMs, backfill);
      if (report.minuteCandles + report.dayCandles > 0) log.info(report, 'market history filled');
    }
    for (const instrument of terms) {
      const start = await loadLiveStart(db, instrument, nowMs);
      const live = new LiveInstrument(instrument, start);
      this.live.set(instrument.id, live);
      this.byCode.set(instrument.code, live);
      this.states.joined(instrument, nowMs);
      feed.resume(instrument, start.lastPrice, nowMs);
    }
    this.feed = feed;
    // A stale period a stopped leader left open ends now (its state is unknown since).
    if (this.leading) await repository.closeStalePeriods(db, 'all', new Date(nowMs));
    await this.readTuning();
    if (feed instanceof RealFeed) feed.onQuotes = () => this.wake();
    this.lastWriteMs = nowMs;
    await this.prune(nowMs);
    // A real feed connects on the node that runs the feed (a follower connects once it leads).
    if (feed instanceof RealFeed && this.leading) feed.start();
    if (this.options.autoStart ?? true) this.timers.push(...startMarketTimers(this, this.dependencies));
  }

  /** The real feed behind this market, if any (health, tests). */
  get realFeed(): RealFeed | undefined {
    return this.feed instanceof RealFeed ? this.feed : undefined;
  }

  /**
   * A real feed's quotes are waiting: runs the loop at once rather than at the next interval, so a
   * quote reaches the engine within a millisecond or two (only when the loop runs by itself).
   */
  wake(): void {
    if (this.woken || this.stopped || !(this.options.autoStart ?? true)) return;
    this.woken = true;
    setImmediate(() => {
      this.woken = false;
      this.tick(undefined, 'woken').catch((error: unknown) =>
        this.dependencies.log.error({ err: error }, 'market tick failed'),
      );
    });
  }

  private async readTuning(): Promise<void> {
    this.tuning = await readFeedTuning(this.dependencies.db);
    this.realFeed?.tune(this.tuning);
  }

  /** The settings a real feed reads now. */
  feedTuning(): FeedTuning {
    return this.tuning;
  }

  /** Stops the loop and writes what is still in memory. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (!this.feed) return;
    if (this.feed instanceof RealFeed) await this.feed.stop();
    await this.writing;
    if (this.leading) await this.flush(this.dependencies.clock.now().getTime());
    await this.stale.endAll(this.dependencies.clock.now().getTime());
  }

  /**
   * One run of the loop: takes the due ticks, updates candles and quotes, publishes, writes when due.
   * A run woken by a real feed's quotes (`woken`) looks only at the instruments those quotes moved:
   * the other instruments' minutes and states change with time alone, which the timer's run (every
   * marketLoopIntervalMs) looks at as before; at thousands of quotes a second, going over every
   * instrument on every batch would cost more than the quotes themselves.
   */
  async tick(
    nowMs = this.dependencies.clock.now().getTime(),
    run: 'timer' | 'woken' = 'timer',
  ): Promise<void> {
    const feed = this.feed;
    if (!feed || this.stopped) return;
    this.loopRun += 1;
    const changed = new Set<number>();
    for (const tick of this.takeTicks(feed, nowMs)) {
      const sides =
        tick.bid !== undefined && tick.ask !== undefined ? { bid: tick.bid, ask: tick.ask } : undefined;
      if (sides) this.origins.noteFeedQuote(tick.instrumentId, tick.timeMs);
      if (
        this.live.get(tick.instrumentId)?.applyTick(tick.timeMs, tick.price, tick.volume, sides, this.loopRun)
      ) {
        changed.add(tick.instrumentId);
      }
      this.origins.noteTick(tick, sides && feed instanceof RealFeed ? feed.activeSource() : 'simulator');
    }
    const staleStarted: number[] = [];
    const staleEnded: number[] = [];
    for (const [id, live] of run === 'woken' ? this.liveOf(changed) : this.live) {
      live.advanceTo(nowMs);
      const state = this.marketState(id, nowMs);
      // The feed's stale periods: written only when an instrument's state flips.
      if ((state.reason === 'stale') !== this.stale.has(id) && this.leading) {
        if (state.reason === 'stale') staleStarted.push(id);
        else staleEnded.push(id);
      }
      if (this.states.changed(id, state)) this.broadcaster.quoteChanged(id);
      if (!changed.has(id) || !this.leading) continue;
      this.broadcaster.candlesChanged(id, live.terms.pricePrecision, (period) => live.currentCandle(period));
      this.broadcaster.quoteChanged(id);
    }
    this.stale.record(staleStarted, staleEnded, nowMs);
    if (this.leading) this.broadcaster.publishQuotes(nowMs, (ids) => this.states.quoteUpdates(ids, nowMs));
    if (changed.size > 0) await this.tickListeners.notify(changed, nowMs, this.dependencies.log);
    if (nowMs - this.lastWriteMs >= SERVER_LIMITS.candleFlushIntervalMs) {
      if (this.leading) await this.flush(nowMs);
      else this.forgetUnwritten(nowMs);
    }
  }

  /** The live instruments of `ids`, as [id, instrument] pairs like the map's. */
  private *liveOf(ids: ReadonlySet<number>): Iterable<[number, LiveInstrument]> {
    for (const id of ids) {
      const live = this.live.get(id);
      if (live) yield [id, live];
    }
  }

  /**
   * The ticks of this loop run: the feed's own on a single node; with several, the feed's while
   * this node leads (sent to the others), else the leader's from the relay. A node that starts to
   * lead resumes the feed from the prices it last had, so the path goes on where the old leader left it.
   */
  private takeTicks(feed: PriceFeed, nowMs: number): PriceTick[] {
    const follow = this.options.follow;
    if (!follow) return feed.drain(nowMs);
    const relayed = follow.relay.take();
    const leads = follow.leads();
    if (leads && !this.leading) {
      for (const live of this.live.values()) feed.resume(live.terms, live.lastPrice, nowMs);
      if (feed instanceof RealFeed) feed.start();
      this.dependencies.log.info('market feed taken over: this node leads');
    }
    if (!leads && this.leading && feed instanceof RealFeed)
      feed.stop().catch((error: unknown) => this.dependencies.log.error({ err: error }, 'feed stop failed'));
    this.leading = leads;
    if (!leads) return relayed;
    // Ticks a previous leader sent late are older than the resumed path: applying them first keeps order.
    const drained = feed.drain(nowMs);
    follow.relay.send(drained);
    return [...relayed, ...drained];
  }

  /** A following node's candles are the leader's to write: marked written, kept in memory for its charts. */
  private forgetUnwritten(nowMs: number): void {
    this.lastWriteMs = nowMs;
    for (const live of this.live.values()) live.pendingCandles().commit();
  }

  /** Writes every finished candle (and the minute and day in progress) in one transaction. */
  async flush(nowMs = this.dependencies.clock.now().getTime()): Promise<void> {
    this.lastWriteMs = nowMs;
    // One write at a time; what arrives meanwhile goes with the next one.
    if (this.writing) return this.writing;
    this.writing = this.write().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /**
   * Checks the instrument catalogue's version (and reads the feed settings again): when staff
   * changed an instrument, on this node or another, every holder of the catalogue takes the new
   * rows before this answers. Runs every `SERVER_LIMITS.marketTermsRefreshMs` on every node, and at
   * once by the back office after an edit.
   */
  async refreshTerms(): Promise<void> {
    if (this.feed && !this.stopped) await this.readTuning();
    await this.catalogue.refresh();
  }

  /**
   * Applies what staff changed, without a restart: the spread prices the next quote, the precision
   * and the session go to the live instrument and the feed (which resumes it from its last price:
   * nothing moves the price), and an instrument enabled since the start joins the live market. A
   * disabled one stays live, so its open orders can still be priced and closed; the lists leave it
   * out. The catalogue calls it with each new snapshot, one at a time.
   */
  private async applyTerms(snapshot: CatalogueSnapshot): Promise<void> {
    const { clock } = this.dependencies;
    const feed = this.feed;
    if (!feed || this.stopped) return;
    const nowMs = clock.now().getTime();
    for (const row of snapshot.rows) {
      const terms = toLiveTerms(row);
      const live = this.live.get(row.id);
      if (!live) {
        if (row.enabled) await this.addInstrument(feed, terms, nowMs);
        continue;
      }
      const changed = live.retune(terms);
      if (changed.feed) feed.resume(live.terms, live.lastPrice, nowMs);
      if (changed.quote) this.broadcaster.quoteChanged(row.id);
    }
  }

  /** Starts the live market of an instrument enabled after the start, where its stored prices left it. */
  private async addInstrument(feed: PriceFeed, terms: LiveTerms, nowMs: number): Promise<void> {
    const { db, log } = this.dependencies;
    const backfill = this.options.backfill ?? DEFAULT_BACKFILL;
    // History is the leading node's to write, as at the start.
    if (backfill && this.leading) await fillHistory(db, feed, [terms], nowMs, backfill);
    const start = await loadLiveStart(db, terms, nowMs);
    const live = new LiveInstrument(terms, start);
    this.live.set(terms.id, live);
    this.byCode.set(terms.code, live);
    this.states.joined(terms, nowMs);
    feed.resume(terms, start.lastPrice, nowMs);
    this.broadcaster.quoteChanged(terms.id);
    log.info({ instrument: terms.code }, 'instrument joined the live market');
  }

  /** Deletes one-minute candles older than the retention; day candles stay. */
  async prune(nowMs = this.dependencies.clock.now().getTime()): Promise<number> {
    const cutoffMs = nowMs - SERVER_LIMITS.minuteCandleRetentionDays * DAY_MS;
    const deleted = await repository.deleteMinuteCandlesBefore(this.dependencies.db, cutoffMs);
    if (deleted > 0) this.dependencies.log.info({ deleted }, 'old minute candles pruned');
    return deleted;
  }

  /** Subscribes to price changes; answers the unsubscribe. */
  onTick(listener: TickListener): () => void {
    return this.tickListeners.add(listener);
  }

  /** The live bid and ask of an instrument (what orders fill and are marked at). */
  quote(instrumentId: number): Quote | undefined {
    return this.live.get(instrumentId)?.quote();
  }

  /** The extremes of the feed quotes this loop run applied to an instrument (LiveInstrument.takeQuoteRange). */
  takeQuoteRange(instrumentId: number): { low: Quote; high: Quote } | undefined {
    return this.live.get(instrumentId)?.takeQuoteRange(this.loopRun);
  }

  /** `quote(id)` with where and when it came from (the execution record's). */
  quoteInfo(instrumentId: number): QuoteInfo | undefined {
    const live = this.live.get(instrumentId);
    return live && this.origins.info(instrumentId, live);
  }

  pricesLive(instrumentId: number, nowMs = this.dependencies.clock.now().getTime()): boolean {
    return this.states.priceProblem(instrumentId, nowMs) === null;
  }

  marketState(instrumentId: number, nowMs: number): MarketState {
    return this.states.state(instrumentId, nowMs);
  }

  /** The live mid price of an instrument by code (currency conversion reads it). */
  midByCode(code: string): string | undefined {
    return this.byCode.get(code)?.lastPrice;
  }

  has(instrumentId: number): boolean {
    return this.live.has(instrumentId);
  }

  quotation(instrumentId: number, nowMs: number): Quotation | undefined {
    return this.live.get(instrumentId)?.quotation(nowMs);
  }

  sparkline(instrumentId: number): string[] | undefined {
    return this.live.get(instrumentId)?.sparkline();
  }

  memoryCandles(instrumentId: number, period: Period): MemoryCandles | undefined {
    return this.live.get(instrumentId)?.memoryCandles(period);
  }

  private write(): Promise<void> {
    return writePendingCandles([...this.live.values()], this.dependencies);
  }
}

/** The enabled rows in the order the lists show them (category, then sort, then id), as the feed resumes them. */
function enabledInListOrder(rows: readonly InstrumentRow[]): InstrumentRow[] {
  return rows
    .filter((row) => row.enabled)
    .sort((a, b) => a.categoryId - b.categoryId || a.sort - b.sort || a.id - b.id);
}
