import type { Candle } from '@meridian/domain/candles';
import type { SessionKind } from '@meridian/domain/market-session';

/**
 * The price feed adapter (ARCHITECTURE.md principle 2: prices come from a feed). The built-in
 * simulator implements it; a real feed implements the same three calls: it is told where each
 * instrument stands, hands over the ticks that arrived since the last call, and supplies history
 * where none is stored. The market runtime owns the loop, the candles and the publishing.
 */
export type FeedInstrument = {
  id: number;
  code: string;
  session: SessionKind;
  pricePrecision: number;
  /** The symbol a real feed quotes it under; null or absent: none (no price on a real feed). The simulator ignores it. */
  feedSymbol?: string | null;
  /** Model parameters of the simulator; a real feed ignores them. */
  basePrice: string;
  annualVolatility: number;
  typicalVolume: number;
};

/**
 * One price: the mid price at the instrument's precision and the lots traded, at `timeMs` (Unix ms).
 * A real feed also hands over its checked bid and ask (before the markup); the simulator gives a mid
 * only, and the quote is the mid with the instrument's spread.
 */
export type PriceTick = {
  instrumentId: number;
  timeMs: number;
  price: string;
  volume: string;
  bid?: string;
  ask?: string;
  /** A real feed's own time of the quote (Unix ms, the venue's clock); null or absent: none given. */
  feedMs?: number | null;
};

/** A stretch of time without stored candles. Times are Unix ms, aligned to the minute. */
export type HistoryRequest = {
  fromMs: number;
  /** Exclusive: the minute in progress is the live path's. */
  toMs: number;
  /** One-minute candles from here on; before it only day candles. */
  minutesFromMs: number;
  /** The price the stretch starts from: the last stored close, or the base price. */
  startPrice: string;
};

/** Candles of a history stretch in time order. A day candle comes once its day is complete (or the stretch ends). */
export type HistoryBatch = { minutes: Candle[]; days: Candle[] };

export interface PriceFeed {
  /** Starts (or continues) an instrument's live prices from `price`, its last known price, at `atMs`. */
  resume(instrument: FeedInstrument, price: string, atMs: number): void;
  /** Every tick due up to `nowMs`, in time order; none for an instrument whose market is closed. */
  drain(nowMs: number): PriceTick[];
  /** Candles for a stretch without stored history, in batches of about `batchMinutes` minutes. */
  history(instrument: FeedInstrument, request: HistoryRequest, batchMinutes: number): Iterable<HistoryBatch>;
}
