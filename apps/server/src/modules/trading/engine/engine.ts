import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import type { OrderRecord } from '../../../events';
import { SERVER_LIMITS } from '../../../limits';
import { balancesOf } from '../../ledger/ledger.public';
import { instrumentCatalogue } from '../../market/market.public';
import { getSetting } from '../../settings/settings.public';
import { conversionOf, type InstrumentTerms, isOpen, termsOf } from '../instrument-terms';
import { loadLiveOrders } from '../triggers.service';
import { EngineLeadership } from './engine-leadership';
import { type EngineLease, readOrderNotice } from './engine-lock';
import { EngineCatalogue, type EngineState } from './engine-state';
import { OrderIntake } from './order-intake';
import { type AccountFigures, PositionBook } from './position-book';
import { StopOutScan } from './stop-out-scan';
import { forexTradePush } from './trade-figures';
import { TradePushes } from './trade-pushes';
import { TriggerFiring } from './trigger-firing';
import { TriggerIndex } from './trigger-index';

/**
 * The trigger engine (ARCHITECTURE.md "Runtime picture": market -> engine -> trading service ->
 * realtime). It listens to the market's ticks and, per tick and instrument:
 * 1. collects the triggers the quote crosses from the in-memory index (pending targets, stop-losses,
 *    take-profits) and has the trading service execute each in its own transaction, exactly once
 *    (each execution is guarded by the order's state); a filled pending order's stops enter the
 *    index at once and are collected again in the same tick;
 * 2. re-marks the positions on the instrument (and on instruments converted through it), and for
 *    the accounts that moved compares net value with margin: at or below the stop-out level the
 *    service stops the account out, largest loss first, deciding again from the database;
 * 3. schedules the owners' forex.trade pushes.
 * Triggers wait while a market is closed. The index and figures are rebuilt from the database
 * when the engine starts, and follow the order events after that (on PostgreSQL with several
 * nodes also the NOTIFY of the other nodes' changes).
 */
export class TradingEngine {
  /** The index, the figures and the terms, shared with the parts in the files beside this one. */
  private readonly state: EngineState = {
    index: new TriggerIndex(),
    book: new PositionBook(),
    catalogue: new EngineCatalogue(),
  };
  private readonly intake: OrderIntake;
  private readonly firing: TriggerFiring;
  private readonly stopOuts: StopOutScan;
  private readonly pushes: TradePushes;
  private readonly leadership: EngineLeadership;
  private active = false;
  /** Between reading the database and running: changes meanwhile are read again afterwards. */
  private rebuilding = false;
  private stopped = false;
  private readonly dirty = new Set<number>();
  private running: Promise<void> | undefined;
  private readonly unsubscribers: (() => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** Told each round's duration in seconds (operations' metrics); none by default. */
  private roundObserver: ((seconds: number) => void) | undefined;

  constructor(
    private readonly context: ServerContext,
    private readonly log: FastifyBaseLogger,
    private readonly options: { autoStart?: boolean } = {},
  ) {
    this.intake = new OrderIntake(context, this.state, log);
    this.firing = new TriggerFiring(context, this.state, this.intake, log);
    this.stopOuts = new StopOutScan(context, this.state, log);
    // A user's forex.trade figures, computed only when a push is sent.
    this.pushes = new TradePushes(context.realtime, context.clock, (userId) => {
      const account = this.state.book.accountOfUser(userId);
      const nowMs = context.clock.now().getTime();
      return (
        account && forexTradePush(account, context.market, (id) => this.state.catalogue.terms.get(id), nowMs)
      );
    });
    this.leadership = new EngineLeadership(
      context.database,
      {
        isStopped: () => this.stopped,
        isActive: () => this.active,
        takeLead: (lease) => this.takeLead(lease),
        loseLead: (error) => this.loseLead(error),
        onNotice: (payload) => this.onNotice(payload),
      },
      log,
    );
  }

  /** Whether this node runs the engine now (it holds the lock, or the database is embedded). */
  get isActive(): boolean {
    return this.active;
  }

  /** The terms the engine fires and marks an instrument with now (tests and operations). */
  instrumentTerms(instrumentId: number): Readonly<InstrumentTerms> | undefined {
    return this.state.catalogue.terms.get(instrumentId);
  }

  /** Resting triggers, live orders and the alert counters, for tests and operations. */
  stats() {
    const { pending, holding } = this.state.book.countByStatus();
    return {
      active: this.active,
      triggers: this.state.index.size,
      liveOrders: this.state.book.size,
      openPositions: holding,
      pendingOrders: pending,
      unindexableTriggers: this.intake.unindexableTriggers,
      unloadableOrders: this.intake.unloadableOrders,
    };
  }

  /** Has `observer` told how long each round over moved instruments takes (seconds). */
  observeRounds(observer: (seconds: number) => void): void {
    this.roundObserver = observer;
  }

  async start(): Promise<void> {
    const { events, market } = this.context;
    this.unsubscribers.push(
      market.onTick((ids) => this.handleTick(ids)),
      events.on('order.placed', (event) => this.onOrderEvent(event)),
      events.on('order.opened', (event) => this.onOrderEvent(event)),
      events.on('order.stops_changed', ({ order }) => this.onOrderEvent({ order, balance: undefined })),
      events.on('order.closed', (event) => this.onOrderEvent(event)),
      events.on('order.cancelled', (event) => this.onOrderEvent(event)),
      events.on('account.balance_changed', ({ accountId, balance }) => {
        if (this.active) this.state.book.setBalance(accountId, balance);
      }),
      // Staff's edits, from any node, as soon as this node's catalogue sees its version move.
      instrumentCatalogue(this.context).onChange((snapshot) => {
        if (this.active) this.state.catalogue.retake(snapshot.rows, this.state.index, this.log);
      }),
      events.on('setting.changed', ({ key }) => {
        if (key !== 'stop_out_level' || !this.active) return;
        this.stopOuts
          .readLevel()
          .catch((error: unknown) => this.log.error({ err: error }, 'engine stop-out level refresh failed'));
      }),
    );
    await this.leadership.tryToLead();
    if (this.options.autoStart ?? true) this.startTimers();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    this.pushes.stop();
    await this.leadership.settle();
    // The tick being worked on finishes here; no new one starts (`stopped`), then the lock goes.
    await this.running;
    this.active = false;
    await this.leadership.release();
  }

  /** Rebuilds the index and the figures from the database (at start, and when taking over). */
  async rebuild(): Promise<void> {
    // A check now, not the rows held: a node taking over rebuilds from what the database says.
    const [{ rows }, live, level] = await Promise.all([
      instrumentCatalogue(this.context).refresh(),
      loadLiveOrders(this.context),
      getSetting(this.context.db, 'stop_out_level'),
    ]);
    const index = new TriggerIndex();
    const book = new PositionBook();
    this.state.catalogue.set(rows.map(termsOf), index);
    for (const order of live) this.intake.load(order, index, book);
    for (const [accountId, balance] of await balancesOf(this.context.db, book.accountIds()))
      book.setBalance(accountId, balance);
    this.state.index = index;
    this.state.book = book;
    this.stopOuts.level = level;
  }

  /** What the market calls after each run that moved prices; the run waits for it. */
  handleTick(instrumentIds: ReadonlySet<number>): Promise<void> {
    if (!this.active || this.stopped) return Promise.resolve();
    for (const id of instrumentIds) this.dirty.add(id);
    return this.kick();
  }

  /**
   * One drain at a time: ticks that arrive while one runs are folded into its next round (the
   * latest quotes are read when a round starts), so the engine never works on two ticks at once.
   */
  private kick(): Promise<void> {
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.dirty.size > 0 && this.active && !this.stopped) void this.kick();
      });
    }
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      const ids = [...this.dirty];
      this.dirty.clear();
      try {
        await this.intake.refreshWaiting();
        if (ids.length > 0) {
          const startedMs = performance.now();
          await this.process(ids);
          this.roundObserver?.((performance.now() - startedMs) / 1000);
        }
      } catch (error) {
        this.log.error({ err: error }, 'engine tick failed');
      }
    } while (this.dirty.size > 0 && this.active && !this.stopped);
  }

  private async process(instrumentIds: number[]): Promise<void> {
    const now = this.context.clock.now();
    const remark = new Set<number>();
    for (const id of instrumentIds) {
      const terms = this.state.catalogue.terms.get(id);
      if (!terms) continue;
      // No trigger fills on a real feed's stale or refused price: it waits for the next good quote.
      if (isOpen(terms, now) && this.context.market.pricesLive(id)) await this.firing.fire(id);
      remark.add(id);
      for (const dependent of this.state.catalogue.dependents.get(id) ?? []) remark.add(dependent);
    }
    const moved = new Set<AccountFigures>();
    for (const id of remark) {
      const terms = this.state.catalogue.terms.get(id);
      const quote = this.context.market.quote(id);
      const rate = terms ? conversionOf(this.context.market, terms) : undefined;
      if (!quote || !rate) continue;
      for (const account of this.state.book.mark(id, quote, rate)) moved.add(account);
    }
    await this.stopOuts.check(moved, now.getTime());
    for (const account of moved) this.pushes.schedule(account.userId);
  }

  /** Follows a committed change: the index and the figures take the order as it is now. */
  private onOrderEvent({ order, balance }: { order: OrderRecord; balance: string | undefined }): void {
    if (!this.active) {
      if (this.rebuilding) this.intake.later(order.id);
      return;
    }
    if (this.state.book.isOutdated(order)) return;
    if (!this.state.catalogue.terms.has(order.instrumentId)) {
      this.intake.later(order.id);
      return;
    }
    this.intake.place(order, this.state.index, this.state.book);
    if (balance !== undefined) this.state.book.setBalance(order.accountId, balance);
    this.pushes.schedule(order.userId);
  }

  /** With the lease held (engine-leadership.ts): rebuilds and runs; false when it stopped meanwhile. */
  private async takeLead(lease: EngineLease): Promise<boolean> {
    this.rebuilding = true;
    try {
      await this.rebuild();
    } finally {
      this.rebuilding = false;
    }
    if (this.stopped) return false;
    this.active = true;
    this.log.info({ lease: lease.kind, triggers: this.state.index.size }, 'trading engine running');
    if (this.intake.waitingCount > 0) await this.kick();
    return true;
  }

  private loseLead(error: Error | undefined): void {
    this.log.error({ err: error }, 'trading engine lost its lock; another node may take over');
    this.active = false;
  }

  private onNotice(payload: string): void {
    const notice = readOrderNotice(payload);
    const lease = this.leadership.lease;
    if (!notice || !this.active || lease?.kind !== 'locked' || notice.schema !== lease.schema) return;
    const known = this.state.book.order(notice.orderId);
    // This node's own change (its event came first) or an older one: nothing to read.
    if (known && known.version >= notice.version) return;
    if (this.state.book.isOutdated({ id: notice.orderId, version: notice.version })) return;
    this.intake.later(notice.orderId);
    void this.kick();
  }

  private startTimers(): void {
    const refresh = setInterval(() => {
      this.refreshFigures().catch((error: unknown) =>
        this.log.error({ err: error }, 'engine refresh failed'),
      );
    }, SERVER_LIMITS.engineBalanceRefreshMs);
    // A standby queues for the lock at once; the timer opens a new wait when one failed.
    this.leadership.standBy();
    const lead = setInterval(() => this.leadership.standBy(), SERVER_LIMITS.engineLockRetryMs);
    refresh.unref();
    lead.unref();
    this.timers.push(refresh, lead);
  }

  /**
   * Balances change by deposits and withdrawals too, which do not pass through trading: the cached
   * balances (and the stop-out level setting) are read again every few seconds.
   */
  async refreshFigures(): Promise<void> {
    if (!this.active) return;
    for (const [accountId, balance] of await balancesOf(this.context.db, this.state.book.accountIds()))
      this.state.book.setBalance(accountId, balance);
    // The lead may have gone while the balances were read.
    if (this.active) await this.stopOuts.readLevel();
    await this.refreshCatalogue();
  }

  /**
   * Has the node's catalogue check its version when its last check is old: a change it finds goes
   * to the engine's listener (`EngineCatalogue.retake`), so a quiet node still takes another node's edit.
   */
  async refreshCatalogue(): Promise<void> {
    if (!this.active) return;
    await instrumentCatalogue(this.context).read();
  }
}
