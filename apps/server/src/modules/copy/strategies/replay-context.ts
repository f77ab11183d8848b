import { type Quote, quoteFromMid } from '@meridian/domain/quote';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { ServerContext } from '../../../context';
import { EventBus } from '../../../events';
import { MarketRuntime } from '../../market/market.public';

/** What the replay market needs to quote an instrument: its terms from the catalogue. */
type ReplayInstrument = { id: number; code: string; spread: string; pricePrecision: number };

/**
 * The market as it stood at one moment of the stored history, for the replay: it answers the quote
 * (and the mid by code, which currency conversion reads) from the mid price the replay sets, with
 * the instrument's spread, exactly as the live market derives a quote from its last price. It is
 * never started: it has no feed, writes no candles and publishes nothing.
 */
class ReplayMarket extends MarketRuntime {
  private readonly mids = new Map<number, string>();
  private readonly instrumentsByCode = new Map<string, ReplayInstrument>();
  private readonly instrumentsById = new Map<number, ReplayInstrument>();

  constructor(
    context: ServerContext,
    clock: Clock,
    log: FastifyBaseLogger,
    instruments: readonly ReplayInstrument[],
  ) {
    super({ db: context.db, clock, realtime: context.realtime, log });
    for (const instrument of instruments) {
      this.instrumentsByCode.set(instrument.code, instrument);
      this.instrumentsById.set(instrument.id, instrument);
    }
  }

  /** Sets an instrument's mid price (decimal text at its precision) for what follows. */
  setMid(instrumentId: number, mid: string): void {
    this.mids.set(instrumentId, mid);
  }

  override quote(instrumentId: number): Quote | undefined {
    const instrument = this.instrumentsById.get(instrumentId);
    const mid = this.mids.get(instrumentId);
    if (!instrument || mid === undefined) return undefined;
    return quoteFromMid(mid, instrument.spread, instrument.pricePrecision);
  }

  override midByCode(code: string): string | undefined {
    const instrument = this.instrumentsByCode.get(code);
    return instrument ? this.mids.get(instrument.id) : undefined;
  }

  override has(instrumentId: number): boolean {
    return this.mids.has(instrumentId);
  }
}

/** A clock the replay sets to each moment it replays. */
class ReplayClock implements Clock {
  private currentMs = 0;

  now(): Date {
    return new Date(this.currentMs);
  }

  set(atMs: number): void {
    this.currentMs = atMs;
  }
}

/**
 * The server context of a replay: the same database and trading rules as the live one, with the
 * replay's clock and market, and an event bus of its own so the replayed orders' events reach no
 * live listener (the engine would watch their stops at live prices, copy trading would mirror them,
 * sockets would announce them). Changes are not announced to other nodes either (no REDIS_URL here),
 * for the same reason; the positions still open at the end are handed to the live side afterwards.
 */
export function replayContext(
  context: ServerContext,
  log: FastifyBaseLogger,
  instruments: readonly ReplayInstrument[],
): { context: ServerContext; clock: ReplayClock; market: ReplayMarket } {
  const clock = new ReplayClock();
  const market = new ReplayMarket(context, clock, log, instruments);
  return {
    context: {
      ...context,
      config: { ...context.config, redisUrl: undefined },
      clock,
      market,
      events: new EventBus(log),
    },
    clock,
    market,
  };
}
