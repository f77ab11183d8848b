import type { QuoteSource, QuoteSourceEvents } from '../quote-source';
import { bookTickerStream, type MalformedReason } from './binance-frames';
import { type ConnectionTiming, StreamConnection } from './stream-connection';

/**
 * Binance spot's `<symbol>@bookTicker` streams (best bid and ask of each symbol, pushed on every
 * change) on one raw-stream connection, e.g. `wss://stream.binance.com:9443/ws` (docs/decisions.md,
 * "Exchange WebSocket feed"). Symbols are subscribed live with SUBSCRIBE / UNSUBSCRIBE requests;
 * a lost connection is replaced with backoff and every symbol subscribed again; the connection is
 * replaced before the venue's 24-hour limit (or its `serverShutdown` notice) by a new one that
 * takes over once subscribed, so the swap loses no quotes.
 */

export type StreamTiming = ConnectionTiming & {
  /** First wait before reconnecting; doubles per failed attempt up to `backoffMaxMs`. */
  backoffStartMs: number;
  backoffMaxMs: number;
  /** A connection open this long was a good one: the next failure waits `backoffStartMs` again. */
  healthyAfterMs: number;
  /** Replace the connection after this long (the venue closes it at 24 hours). */
  rotateAfterMs: number;
  /** At most one log line about malformed frames per this long (the rest are counted). */
  malformedLogEveryMs: number;
  /** Streams one connection may hold (the venue's limit); symbols past it are refused. */
  maxStreams: number;
};

const DEFAULT_STREAM_TIMING: StreamTiming = {
  backoffStartMs: 1_000,
  backoffMaxMs: 30_000,
  healthyAfterMs: 30_000,
  // The venue pings every 20 seconds: three missed pings.
  silenceMs: 60_000,
  rotateAfterMs: 23 * 60 * 60_000,
  malformedLogEveryMs: 60_000,
  maxStreams: 1024,
  // 4 requests a second leaves room for our pongs under the venue's 5 incoming messages a second.
  sendGapMs: 250,
  batchSize: 100,
  // A bookTicker frame is about 130 bytes; an answer less.
  maxPayloadBytes: 64 * 1024,
  closeTimeoutMs: 2_000,
};

/** The part of the server's logger (pino) the source writes to. */
export type StreamLog = { info(message: string): void; warn(detail: object, message: string): void };

type StreamStats = {
  quotes: number;
  malformed: Record<MalformedReason, number>;
  /** Connections opened, the first included. */
  connections: number;
};

export class BinanceBookTickerSource implements QuoteSource {
  readonly kind = 'websocket' as const;
  private readonly timing: StreamTiming;
  private events: QuoteSourceEvents | undefined;
  private symbols: string[] = [];
  /** Wanted feed symbols by stream name. */
  private wanted = new Map<string, string>();
  /** Streams the venue (or the 1024 limit) refused; asked again only after leaving and re-entering the set. */
  private readonly refused = new Set<string>();
  private current: StreamConnection | undefined;
  /** The connection taking over from `current` (rotation). */
  private next: StreamConnection | undefined;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private rotateTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly stats: StreamStats = {
    quotes: 0,
    malformed: { not_json: 0, bad_shape: 0, binary: 0, oversized: 0 },
    connections: 0,
  };
  private malformedSinceLog = 0;
  private lastMalformedLogAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly url: string,
    private readonly log: StreamLog,
    timing: Partial<StreamTiming> = {},
  ) {
    this.timing = { ...DEFAULT_STREAM_TIMING, ...timing };
  }

  start(events: QuoteSourceEvents): void {
    this.events = events;
    this.stopped = false;
    // Symbols set before the start: their local refusals are reported now that there is a listener.
    if (this.symbols.length > 0) this.setSymbols(this.symbols);
    this.connect();
  }

  setSymbols(symbols: readonly string[]): void {
    this.symbols = [...symbols];
    const wanted = new Map<string, string>();
    for (const symbol of symbols) {
      const stream = bookTickerStream(symbol);
      if (!stream) {
        this.events?.symbolRejected(symbol, 'not a symbol the venue can stream (letters and digits only)');
        continue;
      }
      if (wanted.size >= this.timing.maxStreams && !wanted.has(stream)) {
        this.events?.symbolRejected(
          symbol,
          `over the venue's ${this.timing.maxStreams} streams per connection`,
        );
        continue;
      }
      wanted.set(stream, symbol);
    }
    for (const stream of this.refused) if (!wanted.has(stream)) this.refused.delete(stream);
    this.wanted = wanted;
    this.current?.sync();
    this.next?.sync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.rotateTimer);
    const closing = [this.current?.close(), this.next?.close()];
    this.current = undefined;
    this.next = undefined;
    await Promise.all(closing);
  }

  /** Counters for the feed's health (quotes taken, malformed frames by reason, connections). */
  counters(): StreamStats {
    return { ...this.stats, malformed: { ...this.stats.malformed } };
  }

  private subscribable(): ReadonlySet<string> {
    const streams = new Set<string>();
    for (const stream of this.wanted.keys()) if (!this.refused.has(stream)) streams.add(stream);
    return streams;
  }

  private connect(): void {
    this.events?.state('connecting');
    this.current = this.open();
  }

  /** Opens a connection (the live one, or a replacement being prepared: `onReady` tells them apart). */
  private open(): StreamConnection {
    let healthy: NodeJS.Timeout | undefined;
    const connection: StreamConnection = new StreamConnection(
      this.url,
      () => this.subscribable(),
      this.timing,
      {
        opened: () => {
          this.stats.connections += 1;
          healthy = setTimeout(() => {
            this.attempt = 0;
          }, this.timing.healthyAfterMs);
          healthy.unref();
        },
        ready: () => this.onReady(connection),
        frame: (frame, receivedMs, arrivedAt) => {
          if (frame.kind === 'serverShutdown') {
            this.log.info('websocket feed: the venue announced a shutdown; replacing the connection');
            if (connection === this.current) this.rotate();
            return;
          }
          if (frame.kind !== 'bookTicker') return;
          const stream = bookTickerStream(frame.symbol);
          const symbol = stream === undefined ? undefined : this.wanted.get(stream);
          // A quote of a symbol no longer wanted (in flight when it was dropped) is not reported.
          if (symbol === undefined || this.refused.has(stream as string)) return;
          this.stats.quotes += 1;
          // bookTicker frames carry no time of their own: no feed time.
          this.events?.quote({ symbol, bid: frame.bid, ask: frame.ask, receivedMs, feedMs: null, arrivedAt });
        },
        malformed: (reason) => this.onMalformed(reason),
        refused: (stream, reason) => {
          const symbol = this.wanted.get(stream);
          if (symbol === undefined || this.refused.has(stream)) return;
          this.refused.add(stream);
          this.log.warn({ symbol, reason }, 'websocket feed: the venue refused a subscription');
          this.events?.symbolRejected(symbol, reason);
        },
        unexpected: (detail) => this.log.warn({ detail }, 'websocket feed: unexpected answer'),
        closed: (detail) => {
          clearTimeout(healthy);
          this.onClosed(connection, detail);
        },
      },
    );
    return connection;
  }

  private onReady(connection: StreamConnection): void {
    if (this.stopped) return;
    if (connection === this.next) {
      // The replacement is subscribed: it takes over and the old connection closes.
      const old = this.current;
      this.current = connection;
      this.next = undefined;
      void old?.close();
      this.log.info('websocket feed: connection replaced');
    } else if (connection !== this.current) return;
    else this.events?.state('connected');
    this.scheduleRotation();
  }

  private onClosed(connection: StreamConnection, detail: string): void {
    if (this.stopped) return;
    if (connection === this.next) {
      // The replacement failed; the current connection carries on and another try follows.
      this.next = undefined;
      this.scheduleRotation(this.backoff());
      return;
    }
    if (connection !== this.current) return;
    this.log.warn({ detail }, 'websocket feed: connection lost');
    if (this.next) {
      this.current = this.next;
      this.next = undefined;
      this.events?.state('connecting', detail);
      return;
    }
    this.current = undefined;
    clearTimeout(this.rotateTimer);
    this.events?.state('disconnected', detail);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopped) this.connect();
    }, this.backoff());
  }

  private backoff(): number {
    const delay = Math.min(this.timing.backoffMaxMs, this.timing.backoffStartMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return delay;
  }

  private scheduleRotation(afterMs = this.timing.rotateAfterMs): void {
    clearTimeout(this.rotateTimer);
    this.rotateTimer = setTimeout(() => this.rotate(), afterMs);
    this.rotateTimer.unref();
  }

  private rotate(): void {
    if (this.stopped || this.next || !this.current) return;
    clearTimeout(this.rotateTimer);
    this.next = this.open();
  }

  private onMalformed(reason: MalformedReason): void {
    this.stats.malformed[reason] += 1;
    this.malformedSinceLog += 1;
    const now = performance.now();
    if (now - this.lastMalformedLogAt < this.timing.malformedLogEveryMs) return;
    this.log.warn(
      { reason, sinceLastLine: this.malformedSinceLog, totals: this.stats.malformed },
      'websocket feed: malformed frame ignored',
    );
    this.malformedSinceLog = 0;
    this.lastMalformedLogAt = now;
  }
}
