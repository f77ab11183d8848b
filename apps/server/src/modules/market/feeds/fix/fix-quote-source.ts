import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type { FixSettings } from '../../../../feed-config';
import type { QuoteSource, QuoteSourceEvents, RawQuote } from '../quote-source';
import { connectionConfig, type FeedLogger, openTransport, sessionDescription } from './fix-engine';
import { RotatingFixLog } from './fix-log';
import { marketDataRequest } from './market-data-request';
import { type MarketDataHandlers, MarketDataSession, type MdEntry } from './market-data-session';

type FixQuoteSourceOptions = {
  settings: FixSettings;
  /** DATA_DIR: the session log goes to `<dataDir>/fix/`. */
  dataDir: string;
  logger: FeedLogger;
  /** Reconnect waits: the first, doubling up to the last (default 1 s to 30 s). */
  backoff?: { initialMs: number; maxMs: number };
  /** How long a TCP (and TLS) connect may take (default 10 s). */
  connectTimeoutMs?: number;
  /** The session log's size limit and rolled-over files kept (default 10 MB, 5). */
  log?: { maxBytes?: number; keep?: number };
};

type Book = { bid: string | undefined; ask: string | undefined };

/**
 * Top-of-book quotes from a liquidity provider over FIX 4.4: one MarketDataRequest per
 * symbol (its own MDReqID, so a reject names the symbol), snapshot plus incremental updates at
 * depth 1; a snapshot replaces both sides, an update's New or Change replaces a side and Delete
 * empties it, and every change is reported with both sides as held now. Prices pass through as the
 * text received: the market's quote checks judge them. A lost session is reconnected with
 * exponential backoff and every wanted symbol subscribed again.
 */
export class FixQuoteSource implements QuoteSource {
  readonly kind = 'fix' as const;
  private events: QuoteSourceEvents | undefined;
  private readonly wanted = new Set<string>();
  /** The current session's subscriptions: symbol → MDReqID, and back. */
  private readonly reqIdOf = new Map<string, string>();
  private readonly symbolOf = new Map<string, string>();
  private readonly books = new Map<string, Book>();
  private session: MarketDataSession | undefined;
  private socket: net.Socket | undefined;
  private ready = false;
  private stopped = false;
  /** Whether the owner wants a session (false once stopped, true again on the next start). */
  private wantRunning = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private nextReqId = 1;
  private readonly log: RotatingFixLog;

  constructor(private readonly options: FixQuoteSourceOptions) {
    const { settings } = options;
    this.log = new RotatingFixLog({
      dir: path.join(options.dataDir, 'fix'),
      name: `${settings.senderCompId}-${settings.targetCompId}`.replace(/[^A-Za-z0-9._-]/g, '_'),
      ...options.log,
    });
  }

  /** The session log's file (`<dataDir>/fix/<sender>-<target>.log`). */
  get logFile(): string {
    return this.log.file;
  }

  /**
   * Connects and keeps connecting until stopped. Started again after a stop (a node that leads the
   * market again), it reconnects once the stopped session has ended.
   */
  start(events: QuoteSourceEvents): void {
    this.events = events;
    this.wantRunning = true;
    if (this.loop && !this.stopped) return;
    const previous = this.loop ?? Promise.resolve();
    this.loop = previous.then(() => {
      if (!this.wantRunning) return;
      this.stopped = false;
      return this.run();
    });
  }

  setSymbols(symbols: readonly string[]): void {
    const next = new Set(symbols);
    for (const symbol of [...this.wanted]) {
      if (next.has(symbol)) continue;
      this.wanted.delete(symbol);
      this.unsubscribe(symbol);
    }
    for (const symbol of next) {
      if (this.wanted.has(symbol)) continue;
      this.wanted.add(symbol);
      if (this.ready) this.subscribe(symbol);
    }
  }

  async stop(): Promise<void> {
    this.wantRunning = false;
    this.stopped = true;
    this.wake?.();
    const session = this.session;
    if (session && this.ready) {
      session.logout();
      // The library closes once the provider confirms the logout; a silent provider gets 2 s.
      const timer = setTimeout(() => this.socket?.destroy(), 2_000);
      await this.loop;
      clearTimeout(timer);
    } else {
      this.socket?.destroy();
      await this.loop;
    }
    await this.log.close();
  }

  /** Flushes the session log (the tests read it). */
  flushLog(): Promise<void> {
    return this.log.flush();
  }

  private async run(): Promise<void> {
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 1_000, maxMs: 30_000 };
    let delay = initialMs;
    while (!this.stopped) {
      this.events?.state('connecting');
      const { loggedOn, detail } = await this.connectOnce();
      this.ready = false;
      this.session = undefined;
      this.socket = undefined;
      if (this.stopped) {
        this.events?.state('disconnected', 'stopped');
        break;
      }
      this.events?.state('disconnected', detail);
      if (loggedOn) delay = initialMs;
      this.options.logger.warn(`fix feed: disconnected (${detail}); reconnecting in ${delay} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      delay = Math.min(delay * 2, maxMs);
    }
  }

  /** One connection, from connect to its end; never throws. */
  private async connectOnce(): Promise<{ loggedOn: boolean; detail: string }> {
    const { settings, logger } = this.options;
    let loggedOn = false;
    let socket: net.Socket;
    try {
      socket = await this.openSocket();
    } catch (error) {
      return { loggedOn, detail: `connect to ${settings.host}:${settings.port} failed: ${messageOf(error)}` };
    }
    if (this.stopped) {
      socket.destroy();
      return { loggedOn, detail: 'stopped' };
    }
    this.socket = socket;
    this.reqIdOf.clear();
    this.symbolOf.clear();
    this.books.clear();
    const description = sessionDescription({
      role: 'initiator',
      senderCompId: settings.senderCompId,
      targetCompId: settings.targetCompId,
      username: settings.username,
      password: settings.password,
      resetOnLogon: settings.resetOnLogon,
      heartbeatSeconds: settings.heartbeatSeconds,
    });
    const config = await connectionConfig(description, logger);
    // The transport's parser passes the socket's errors on (a reset's text is the detail reported);
    // the socket's close ends this connection too, since the session need not end on one.
    let socketError: string | undefined;
    const transport = openTransport(1, config, socket, (caught) => {
      socketError ??= messageOf(caught);
    });
    const handlers: MarketDataHandlers = {
      ready: () => {
        loggedOn = true;
        this.ready = true;
        logger.info(`fix feed: logged on to ${settings.host}:${settings.port} as ${settings.senderCompId}`);
        this.events?.state('connected');
        for (const symbol of this.wanted) this.subscribe(symbol);
      },
      snapshot: (reqId, symbol, entries, arrivedAt, feedMs) =>
        this.onSnapshot(reqId, symbol, entries, arrivedAt, feedMs),
      increment: (reqId, entries, arrivedAt, feedMs) => this.onIncrement(reqId, entries, arrivedAt, feedMs),
      rejected: (reqId, reason) => this.onRejected(reqId, reason),
    };
    const session = new MarketDataSession(config, handlers, this.log);
    this.session = session;
    let error: string | undefined;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    try {
      await Promise.race([session.run(transport), closed]);
    } catch (caught) {
      error = messageOf(caught);
    }
    error ??= socketError;
    socket.destroy();
    const detail = session.logoutText ?? (error ? `connection lost: ${error}` : 'logged out');
    return { loggedOn, detail };
  }

  private openSocket(): Promise<net.Socket> {
    const { host, port, tls: secure } = this.options.settings;
    const timeoutMs = this.options.connectTimeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const socket = secure
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port });
      const fail = (error: Error) => {
        socket.destroy();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
      socket.once('error', fail);
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', fail);
        // Until the session's own handling is in place, an error (a reset) only closes the socket:
        // never an uncaught exception that would stop the server.
        socket.on('error', () => socket.destroy());
        socket.setNoDelay(true);
        socket.setKeepAlive(true, 30_000);
        resolve(socket);
      });
    });
  }

  private subscribe(symbol: string): void {
    if (!this.session || this.reqIdOf.has(symbol)) return;
    const reqId = `${symbol}-${this.nextReqId++}`;
    this.reqIdOf.set(symbol, reqId);
    this.symbolOf.set(reqId, symbol);
    this.session.sendMessage('V', marketDataRequest(reqId, symbol, 'subscribe'));
  }

  private unsubscribe(symbol: string): void {
    this.books.delete(symbol);
    const reqId = this.reqIdOf.get(symbol);
    if (reqId === undefined) return;
    this.reqIdOf.delete(symbol);
    this.symbolOf.delete(reqId);
    if (this.ready) this.session?.sendMessage('V', marketDataRequest(reqId, symbol, 'unsubscribe'));
  }

  /** The symbol a message is about: its own Symbol, else its request's; undefined when not wanted. */
  private symbolFor(reqId: string | undefined, symbol: string | undefined): string | undefined {
    const found = symbol ?? (reqId === undefined ? undefined : this.symbolOf.get(reqId));
    return found !== undefined && this.reqIdOf.has(found) ? found : undefined;
  }

  private onSnapshot(
    reqId: string | undefined,
    named: string | undefined,
    entries: MdEntry[],
    arrivedAt: number,
    feedMs: number | null,
  ): void {
    const symbol = this.symbolFor(reqId, named);
    if (symbol === undefined) return;
    const book: Book = { bid: undefined, ask: undefined };
    for (const entry of entries) {
      if (entry.type === '0' && book.bid === undefined) book.bid = entry.price;
      if (entry.type === '1' && book.ask === undefined) book.ask = entry.price;
    }
    this.books.set(symbol, book);
    this.emit(symbol, book, arrivedAt, feedMs);
  }

  private onIncrement(
    reqId: string | undefined,
    entries: MdEntry[],
    arrivedAt: number,
    feedMs: number | null,
  ): void {
    const changed = new Set<string>();
    for (const entry of entries) {
      const symbol = this.symbolFor(reqId, entry.symbol);
      if (symbol === undefined) continue;
      const book = this.books.get(symbol) ?? { bid: undefined, ask: undefined };
      const price = entry.action === '2' ? undefined : entry.price;
      if (entry.type === '0') book.bid = price;
      else book.ask = price;
      this.books.set(symbol, book);
      changed.add(symbol);
    }
    // One quote per symbol per message: a bid and an offer changed together arrive together.
    for (const symbol of changed) this.emit(symbol, this.books.get(symbol)!, arrivedAt, feedMs);
  }

  private onRejected(reqId: string, reason: string): void {
    const symbol = this.symbolOf.get(reqId);
    if (symbol === undefined) {
      this.options.logger.warn(`fix feed: market data request ${reqId} rejected: ${reason}`);
      return;
    }
    this.reqIdOf.delete(symbol);
    this.symbolOf.delete(reqId);
    this.books.delete(symbol);
    this.options.logger.warn(`fix feed: ${symbol} rejected: ${reason}`);
    this.events?.symbolRejected(symbol, reason);
  }

  private emit(symbol: string, book: Book, arrivedAt: number, feedMs: number | null): void {
    const quote: RawQuote = {
      symbol,
      bid: book.bid,
      ask: book.ask,
      receivedMs: Date.now(),
      feedMs,
      arrivedAt,
    };
    this.events?.quote(quote);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
