import { LIMITS } from '@meridian/contract/limits';
import type { PeriodLabel } from '@meridian/contract/market';
import { ORDER_TAB } from '@meridian/contract/trading';
import type { Bar } from '@meridian/domain/strategies/indicators';
import type { StrategyDefinition, StrategyKey } from '@meridian/domain/strategies/strategy';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import { kline, listInstruments } from '../../market/market.public';
import { accountOf, type InstrumentTerms, myDeal, tradingTerms } from '../../trading/trading.public';
import type { StrategyTrader } from './strategy-seeding';
import { heldOf, strategyInstrumentOf, takeTurn } from './strategy-turn';

const MINUTE_MS = 60_000;
const PERIOD_OF_MINUTES: Record<StrategyDefinition['barMinutes'], PeriodLabel> = {
  15: '15M',
  30: '30M',
  60: '1H',
};

type LiveRunnerOptions = {
  log: FastifyBaseLogger;
  /** Whether this node runs the trading engine: only that node trades for the strategies. */
  isActive: () => boolean;
  /** The strategy traders to act for; undefined while they are not ready (seeding elsewhere). */
  traders: () => Promise<readonly StrategyTrader[] | undefined>;
};

/**
 * The strategies trading live after the replay: the market's ticks tell the time, and when a bar of
 * a strategy's period has closed, the strategy is asked once, with the bars as the kline call
 * answers them, the live mid price, and its position as my_deal lists it. What it decides goes through
 * the trading service of the live context, so its events reach the engine (which then watches the
 * stops) and copy trading (which mirrors the order to the followers). The tick loop never waits
 * for it: one evaluation runs at a time, and a tick during it is looked at again on the next one.
 */
export class LiveRunner {
  /** The start of the bar in progress when each strategy was last looked at. */
  private readonly lookedAt = new Map<StrategyKey, number>();
  private running: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly context: ServerContext,
    private readonly options: LiveRunnerOptions,
    private readonly definitions: readonly StrategyDefinition[],
  ) {}

  /** Starts listening; bars that closed before now were the replay's (or a previous run's). */
  start(): void {
    const nowMs = this.context.clock.now().getTime();
    for (const definition of this.definitions)
      this.lookedAt.set(definition.key, barStartOf(definition, nowMs));
    this.unsubscribe = this.context.market.onTick((_ids, nowMs) => this.onTick(nowMs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.running;
  }

  /** Resolves when the evaluation under way (if any) has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  onTick(nowMs: number): void {
    if (this.stopped || this.running) return;
    const due = this.definitions.filter(
      (definition) => barStartOf(definition, nowMs) > (this.lookedAt.get(definition.key) ?? 0),
    );
    if (due.length === 0) return;
    this.running = this.runDue(due, nowMs)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'strategy traders failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async runDue(due: readonly StrategyDefinition[], nowMs: number): Promise<void> {
    for (const definition of due) this.lookedAt.set(definition.key, barStartOf(definition, nowMs));
    if (!this.options.isActive()) return;
    const traders = await this.options.traders();
    if (!traders) return;
    const [catalogue, rows] = await Promise.all([
      tradingTerms(this.context),
      listInstruments(this.context.db),
    ]);
    for (const definition of due) {
      const trader = traders.find((candidate) => candidate.definition.key === definition.key);
      const terms = [...catalogue.instruments.values()].find(
        (item) => item.code === definition.instrumentCode,
      );
      const spread = rows.find((row) => row.code === definition.instrumentCode)?.spread;
      if (!trader || !terms?.enabled || spread === undefined) continue;
      try {
        await this.turn(trader, terms, spread, nowMs);
      } catch (error) {
        this.options.log.error({ err: error, strategy: definition.key }, 'strategy turn failed');
      }
    }
  }

  /** One live evaluation of a strategy whose bar just closed. */
  private async turn(
    trader: StrategyTrader,
    terms: InstrumentTerms,
    spread: string,
    nowMs: number,
  ): Promise<void> {
    const { context, options } = this;
    const { definition, user } = trader;
    const barStart = barStartOf(definition, nowMs);
    const bars = await closedBars(context, terms, definition, barStart);
    // Only on the bar that just closed: after a closed market the last bar is an old one, already
    // looked at (or closed with the market, when no order could be placed).
    if (bars[bars.length - 1]?.time !== barStart - definition.barMinutes * MINUTE_MS) return;
    const mid = context.market.midByCode(terms.code);
    if (mid === undefined) return;
    const holdings = await myDeal(context, user, {
      status: ORDER_TAB.holding,
      page: 1,
      limit: LIMITS.pageSizeMax,
    });
    const held = holdings.data.find((order) => order.ForexId === terms.id);
    await takeTurn(
      { context, trader, terms, instrument: strategyInstrumentOf(terms, spread), log: options.log },
      {
        bars,
        price: Number(mid),
        nowMs,
        position: held ? heldOf(held) : null,
        balance: async () => (await accountOf(context, user)).balance,
        idempotencyKey: `strategy-${definition.key}-${barStart}`,
      },
    );
  }
}

function barStartOf(definition: StrategyDefinition, nowMs: number): number {
  const barMs = definition.barMinutes * MINUTE_MS;
  return Math.floor(nowMs / barMs) * barMs;
}

/** The latest closed bars of the strategy's period (before `barStart`), as the kline call answers them. */
async function closedBars(
  context: ServerContext,
  terms: InstrumentTerms,
  definition: StrategyDefinition,
  barStart: number,
): Promise<Bar[]> {
  const candles = await kline(context, {
    forex_id: terms.id,
    period: PERIOD_OF_MINUTES[definition.barMinutes],
    before: barStart / 1000,
  });
  return candles.slice(-definition.lookbackBars).map((candle) => ({
    time: candle.Time * 1000,
    open: Number(candle.Open),
    high: Number(candle.High),
    low: Number(candle.Low),
    close: Number(candle.Close),
  }));
}
