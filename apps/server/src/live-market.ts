import type { MarketStatusReason, Quotation } from '@meridian/contract/market';
import type { Candle, Period } from '@meridian/domain/candles';
import type { Quote } from '@meridian/domain/quote';

/**
 * Told after a loop run that moved prices, with the instruments whose price changed (the trading
 * engine's subscription point). The run waits for it, so a test's `tick()` includes its work.
 */
export type TickListener = (instrumentIds: ReadonlySet<number>, nowMs: number) => Promise<void> | void;

/** Candles held in memory for a period: every candle from `fromMs` on; older ones are stored. */
export type MemoryCandles = { fromMs: number; candles: Candle[] };

/**
 * What the services read of the live market: quotes, candles in progress, sparklines, and the
 * ticks. The market area's runtime implements it; the context holds it by this shape, so the shared
 * context does not depend on the market area (and the market area not on the context's file).
 */
/** MarketStatus and its reason (contract market.ts). */
export type MarketState = { status: 0 | 1; reason: MarketStatusReason };

/**
 * Where the quote `quote(id)` answers came from (the execution record keeps it with each fill):
 * `simulator`, or a real feed's `role/kind:symbol`; `receivedMs` is when it reached us (our clock),
 * `markupPoints` what was added to each side of the feed's quote. `feedMs` is the feed's own time of
 * the quote (the venue's clock) when the source gives one; null for the simulator and for sources
 * without a time (docs/decisions.md "The feed's timestamp").
 */
export type QuoteInfo = {
  quote: Quote;
  source: string;
  receivedMs: number;
  feedMs: number | null;
  markupPoints: number;
};

export type LiveMarket = {
  /** The live bid and ask of an instrument (what orders fill and are marked at). */
  quote(instrumentId: number): Quote | undefined;
  /** The same quote with its source and receive time (read-only). */
  quoteInfo(instrumentId: number): QuoteInfo | undefined;
  /**
   * Whether the instrument's price may be traded on now: always with the simulator; on a real feed
   * only with a fresh, checked quote (no symbol, a refused symbol or a stale price: prices paused).
   * Open hours are a separate rule (instrument-terms.ts `requireOpen`).
   */
  pricesLive(instrumentId: number): boolean;
  /**
   * The lowest and highest quotes of the several real-feed quotes the current loop run applied to an
   * instrument, handed out once (undefined: at most one quote, or not this run's): the engine checks
   * its triggers against both, so no quote that crossed a trigger is missed.
   */
  takeQuoteRange?(instrumentId: number): { low: Quote; high: Quote } | undefined;
  /** MarketStatus with its reason at `nowMs`: the weekly hours, and on a real feed a usable price. */
  marketState(instrumentId: number, nowMs: number): MarketState;
  /** The live mid price of an instrument by code (currency conversion reads it). */
  midByCode(code: string): string | undefined;
  has(instrumentId: number): boolean;
  quotation(instrumentId: number, nowMs: number): Quotation | undefined;
  sparkline(instrumentId: number): string[] | undefined;
  memoryCandles(instrumentId: number, period: Period): MemoryCandles | undefined;
  /** Subscribes to price changes; answers the unsubscribe. */
  onTick(listener: TickListener): () => void;
  /**
   * Reads the instruments' terms again and applies staff's edits (spread, precision, session, an
   * instrument enabled): the back office calls it after an edit commits; a timer calls it on every node.
   */
  refreshTerms(): Promise<void>;
};
