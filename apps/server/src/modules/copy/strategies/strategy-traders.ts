import { STRATEGIES } from '@meridian/domain/strategies/catalogue';
import type { StrategyDefinition } from '@meridian/domain/strategies/strategy';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import { listInstruments } from '../../market/market.public';
import { accountOf, type InstrumentTerms, readOrder, tradingTerms } from '../../trading/trading.public';
import { LiveRunner } from './live-runner';
import * as repository from './strategies.repository';
import { type ReplayReport, type ReplayWindow, replayStrategy, warmUpMs } from './strategy-replay';
import { findStrategyTraders, type StrategyTrader, seedStrategyTrader } from './strategy-seeding';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Days of history a new strategy trader's replay covers: a day more than the ranking's three-week
 * window, so the window is full of its orders (trader-statistics.ts STATISTICS_WINDOW_MS).
 */
const REPLAY_DAYS = 22;
/** The demo credit comes this long before the first moment the replay may trade. */
const CREDIT_LEAD_MS = 60_000;

type StrategyTradersOptions = {
  log: FastifyBaseLogger;
  /** Whether this node runs the trading engine; only that node seeds, replays and trades. */
  isActive: () => boolean;
  /** Replays the history of traders seeded now (default true). */
  replay?: boolean;
  /**
   * Whether `startStrategyTraders` waits for the seeding and replay (default true: the ranking is
   * full when the server starts answering). False lets them run in the background, for a caller
   * inside a time-limited hook.
   */
  awaitReplay?: boolean;
};

/**
 * The platform's strategy traders (docs/decisions.md, "Copy trading (server)"): seeds each published strategy's trader if it
 * is missing, replays the stored price history for the ones it seeded (so the ranking is full and
 * true from the first start), then trades for them live. All of it happens on the node that runs the
 * trading engine: at once if this node leads now, otherwise when it takes the lead.
 */
export async function startStrategyTraders(
  context: ServerContext,
  options: StrategyTradersOptions,
): Promise<{ stop(): Promise<void> }> {
  const traders = new StrategyTraders(context, options);
  await traders.start();
  return { stop: () => traders.stop() };
}

/** A trader seeded now, with what its replay needs. */
type Seeded = {
  trader: StrategyTrader;
  terms: InstrumentTerms;
  spread: string;
  window: ReplayWindow | undefined;
};

export class StrategyTraders {
  private ready: readonly StrategyTrader[] | undefined;
  private preparing: Promise<readonly StrategyTrader[] | undefined> | undefined;
  /** Set when the server closes: a replay under way stops placing orders and ends quickly. */
  private stopped = false;
  readonly runner: LiveRunner;
  /** What the last preparation replayed (tests and the start log). */
  reports: ReplayReport[] = [];

  constructor(
    private readonly context: ServerContext,
    private readonly options: StrategyTradersOptions,
  ) {
    this.runner = new LiveRunner(context, { ...options, traders: () => this.traders() }, STRATEGIES);
  }

  async start(): Promise<void> {
    // The runner starts first: a bar that closes while the replay runs (which reads the history up
    // to now) is evaluated live once the replay is done, since the runner waits for the traders.
    this.runner.start();
    // `traders()` logs its own failures: the background path never rejects.
    const preparing = this.traders();
    if (this.options.awaitReplay ?? true) await preparing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.runner.stop();
    await this.preparing;
  }

  /** The traders, prepared once (seeded and replayed) by the leading node; undefined elsewhere. */
  traders(): Promise<readonly StrategyTrader[] | undefined> {
    if (this.ready) return Promise.resolve(this.ready);
    if (!this.options.isActive()) return Promise.resolve(undefined);
    this.preparing ??= this.prepare()
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'strategy traders could not be prepared');
        return undefined;
      })
      .finally(() => {
        this.preparing = undefined;
      });
    return this.preparing;
  }

  private async prepare(): Promise<readonly StrategyTrader[]> {
    const started = performance.now();
    const { context, options } = this;
    const existing = await findStrategyTraders(context);
    const [catalogue, rows] = await Promise.all([tradingTerms(context), listInstruments(context.db)]);
    // Seeded one after another, so the traders' ids follow the published order.
    const seeded: Seeded[] = [];
    for (const definition of STRATEGIES) {
      if (existing.has(definition.key)) continue;
      const terms = [...catalogue.instruments.values()].find(
        (item) => item.code === definition.instrumentCode,
      );
      const spread = rows.find((row) => row.code === definition.instrumentCode)?.spread;
      if (!terms?.enabled || spread === undefined) {
        options.log.warn({ strategy: definition.key }, 'strategy instrument missing or disabled; not seeded');
        continue;
      }
      try {
        const item = await this.seed(definition, terms, spread);
        if (item) seeded.push(item);
      } catch (error) {
        // One strategy's failure (a display name a person took first) leaves the others trading;
        // the next start tries it again.
        options.log.error({ err: error, strategy: definition.key }, 'strategy trader not seeded');
      }
    }
    // The replays run side by side: separate accounts, each with its own clock and market (and on
    // PostgreSQL its own connection).
    const replayed = await Promise.all(seeded.map((item) => this.replay(item)));
    const reports = replayed.flatMap((report) => (report ? [report] : []));
    const traders = [...existing.values(), ...seeded.map((item) => item.trader)];
    await this.handOver(traders, reports);
    this.reports = reports;
    this.ready = traders;
    if (reports.length > 0) {
      const elapsedMs = Math.round(performance.now() - started);
      const summary = reports.map(({ open, ...rest }) => rest);
      options.log.info({ elapsedMs, reports: summary }, 'strategy traders seeded and replayed');
    }
    return traders;
  }

  /** Seeds a missing strategy's trader, dated before the history its replay will cover. */
  private async seed(
    definition: StrategyDefinition,
    terms: InstrumentTerms,
    spread: string,
  ): Promise<Seeded | undefined> {
    const { context, options } = this;
    const window = options.replay === false ? undefined : await this.replayWindow(definition, terms);
    const seededAt = window ? window.tradeFromMs - CREDIT_LEAD_MS : context.clock.now().getTime();
    const trader = await seedStrategyTrader(context, definition, new Date(seededAt));
    return trader && { trader, terms, spread, window };
  }

  private async replay(item: Seeded): Promise<ReplayReport | undefined> {
    if (!item.window) return undefined;
    const { log } = this.options;
    try {
      return await replayStrategy(this.context, item.trader, {
        terms: item.terms,
        spread: item.spread,
        window: item.window,
        log,
        isStopped: () => this.stopped,
      });
    } catch (error) {
      // What was replayed until then stays: true history, only shorter.
      log.error({ err: error, strategy: item.trader.definition.key }, 'strategy replay failed');
      return undefined;
    }
  }

  /** The stretch a new trader's replay covers, or undefined without the history it needs. */
  private async replayWindow(
    definition: StrategyDefinition,
    terms: InstrumentTerms,
  ): Promise<ReplayWindow | undefined> {
    const span = await repository.minuteSpan(this.context.db, terms.id);
    if (!span) return undefined;
    const nowMs = this.context.clock.now().getTime();
    const tradeFromMs = Math.max(nowMs - REPLAY_DAYS * DAY_MS, span.firstMs + warmUpMs(definition));
    if (tradeFromMs >= span.lastMs) return undefined;
    return { tradeFromMs, toMs: nowMs };
  }

  /**
   * Positions the replay left open are the live side's from now on: their opened event goes out on
   * the live bus, so the engine watches their stops (copy trading sees an order opened long ago and
   * copies nothing late).
   */
  private async handOver(
    traders: readonly StrategyTrader[],
    reports: readonly ReplayReport[],
  ): Promise<void> {
    for (const report of reports) {
      const trader = traders.find((candidate) => candidate.definition.key === report.strategy);
      if (!trader || !report.open) continue;
      const order = await readOrder(this.context, report.open.orderId);
      if (order?.status !== 'holding') continue;
      const { balance } = await accountOf(this.context, trader.user);
      this.context.events.emit('order.opened', { order, balance });
    }
  }
}
