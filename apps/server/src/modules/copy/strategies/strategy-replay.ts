import { formatPrice } from '@meridian/domain/quote';
import type { StrategyDefinition } from '@meridian/domain/strategies/strategy';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import type { InstrumentTerms } from '../../trading/trading.public';
import { accountOf, closeByTrigger } from '../../trading/trading.public';
import { replayContext } from './replay-context';
import { walkMinutes } from './replay-walk';
import * as repository from './strategies.repository';
import type { StrategyTrader } from './strategy-seeding';
import { type HeldPosition, strategyInstrumentOf, takeTurn } from './strategy-turn';

const MINUTE_MS = 60_000;
/**
 * Warm-up history read before the first replayed bar, in bars of the strategy's period, as a
 * multiple of the bars its rule reads: a closed weekend takes no bars, so twice as much time covers
 * the rule's bars even across one.
 */
const WARM_UP_FACTOR = 2;

export type ReplayWindow = {
  /** The first moment an order may be placed (bars before it only warm the indicators up). */
  tradeFromMs: number;
  /** Minutes that start at or after this are not read (the live market's). */
  toMs: number;
};

export type ReplayReport = {
  strategy: string;
  barsEvaluated: number;
  opened: number;
  closed: number;
  stopsHit: number;
  /** The position still open at the end, left to the live runner and the engine. */
  open: HeldPosition | null;
};

/** How much stored history before its first trade a strategy's rule wants. */
export function warmUpMs(definition: StrategyDefinition): number {
  const { barMinutes, lookbackBars } = definition;
  return WARM_UP_FACTOR * lookbackBars * barMinutes * MINUTE_MS;
}

/**
 * Replays a strategy over the stored one-minute candles of its instrument, so a strategy trader's
 * three weeks of history are orders it would really have placed on the backfilled prices, never
 * figures typed in.
 * Each bar's decision and each stop crossed is executed through the trading service, exactly as live:
 * a market order at the quote of the bar's close, a close at the quote, a stop at its own price by
 * `closeByTrigger` like the engine, every cent in the ledger, with the replay's clock set to the
 * moment and the replay's market quoting the candle (replay-context.ts).
 */
export async function replayStrategy(
  context: ServerContext,
  trader: StrategyTrader,
  setup: {
    terms: InstrumentTerms;
    spread: string;
    window: ReplayWindow;
    log: FastifyBaseLogger;
    /** True once the server closes: the rest of the history is walked without trading. */
    isStopped?: () => boolean;
  },
): Promise<ReplayReport> {
  const { terms, spread, window, log } = setup;
  const stopped = setup.isStopped ?? (() => false);
  const { definition, user } = trader;
  const minutes = await repository.minuteBars(
    context.db,
    terms.id,
    window.tradeFromMs - warmUpMs(definition),
    window.toMs,
  );
  const replay = replayContext(context, log, [
    { id: terms.id, code: terms.code, spread, pricePrecision: terms.pricePrecision },
  ]);
  const report: ReplayReport = {
    strategy: definition.key,
    barsEvaluated: 0,
    opened: 0,
    closed: 0,
    stopsHit: 0,
    open: null,
  };
  // The balance after each change, from the replay's own events: no query per bar.
  let balance = (await accountOf(replay.context, user)).balance;
  replay.context.events.on('order.opened', (change) => {
    balance = change.balance;
    report.opened += 1;
  });
  replay.context.events.on('order.closed', (change) => {
    balance = change.balance;
    report.closed += 1;
  });
  const tools = {
    context: replay.context,
    trader,
    terms,
    instrument: strategyInstrumentOf(terms, spread),
    log,
  };
  let position: HeldPosition | null = null;
  await walkMinutes(
    minutes,
    {
      barMinutes: definition.barMinutes,
      lookbackBars: definition.lookbackBars,
      spread: Number(spread),
      pricePrecision: terms.pricePrecision,
    },
    {
      stops: () => position,
      stopHit: async (hit) => {
        if (!position || stopped()) return;
        replay.clock.set(hit.atMs);
        const outcome = await closeByTrigger(replay.context, {
          orderId: position.orderId,
          kind: hit.kind,
          price: hit.price,
        });
        if (outcome === 'stale')
          throw new Error(`replayed order ${position.orderId} has other stops than watched`);
        report.stopsHit += 1;
        position = null;
      },
      barClosed: async (step) => {
        if (step.atMs < window.tradeFromMs || stopped()) return;
        report.barsEvaluated += 1;
        replay.clock.set(step.atMs);
        replay.market.setMid(terms.id, formatPrice(step.price, terms.pricePrecision));
        position = await takeTurn(tools, {
          bars: step.bars,
          price: step.price,
          nowMs: step.atMs,
          position,
          balance: async () => balance,
        });
      },
    },
  );
  report.open = position;
  return report;
}
