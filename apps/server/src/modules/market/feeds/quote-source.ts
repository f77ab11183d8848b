/**
 * A real price feed's connection (FIX 4.4 to a liquidity provider, an exchange's WebSocket stream):
 * it keeps a session up, subscribes the symbols it is given, and reports top-of-book quotes as the
 * venue sent them. It checks nothing about the prices: the market's quote checks (band, crossed,
 * spike, stale) judge every quote from every source the same way, and count each refusal.
 */

/** One top-of-book update of a symbol: both sides as the venue holds them now (a side it emptied is undefined). */
export type RawQuote = {
  /** The venue's symbol (an instrument's feed symbol). */
  symbol: string;
  /** Decimal text as received; not yet checked (may be empty, zero, negative or not a number). */
  bid: string | undefined;
  ask: string | undefined;
  /** When the update arrived (Unix ms, the server's clock). */
  receivedMs: number;
  /**
   * When the venue says the quote was made (Unix ms, the venue's clock): FIX's MDEntryDate/MDEntryTime,
   * else the message's SendingTime; null when the source gives no time (Binance's bookTicker).
   */
  feedMs: number | null;
  /** performance.now() at arrival, to measure the time from arrival to the engine. */
  arrivedAt: number;
};

/** A source's connection: `connected` once logged on (FIX) or open and subscribed (stream). */
export type SourceState = 'connecting' | 'connected' | 'disconnected';

export type QuoteSourceEvents = {
  quote(quote: RawQuote): void;
  /** The venue refused a symbol's subscription (FIX MarketDataRequestReject, an unknown stream symbol). */
  symbolRejected(symbol: string, reason: string): void;
  /** The connection changed; `detail` carries the venue's text (a logout or a reject at logon) or the error. */
  state(state: SourceState, detail?: string): void;
};

export interface QuoteSource {
  /** `fix` or `websocket`, and which of the configured feeds (primary, secondary). */
  readonly kind: 'fix' | 'websocket';
  /** Connects (and reconnects with backoff until stopped), reporting to `events`. Does not wait for the logon. */
  start(events: QuoteSourceEvents): void;
  /**
   * The whole set of symbols wanted now: new ones are subscribed at once, dropped ones unsubscribed;
   * after a reconnect every symbol in the set is subscribed again.
   */
  setSymbols(symbols: readonly string[]): void;
  /** Logs out (FIX) or closes, and stops reconnecting. */
  stop(): Promise<void>;
}
