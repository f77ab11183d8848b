import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open';
import { FixQuoteSource } from '../../apps/server/src/modules/market/feeds/fix/fix-quote-source';
import type { QuoteSource, QuoteSourceEvents } from '../../apps/server/src/modules/market/feeds/quote-source';
import { RealFeed } from '../../apps/server/src/modules/market/feeds/real-feed';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths';
import { seedReferenceData } from '../../apps/server/src/seed';
import { bidCents, SYMBOL } from './wire';

/**
 * The whole server as production runs it on PRICE_FEED=fix, in this process: the FIX adapter
 * (FixQuoteSource) logged on to the benchmark's provider, the RealFeed with its quote checks, the
 * market runtime running by itself (woken by every batch of good quotes, and its 100 ms timer), and
 * the trading engine with resting orders on the benchmark's instrument. The database is an
 * in-memory PGlite; nothing touches it on the measured path unless a trigger fires (none does).
 *
 * "The engine has seen a quote" is when the market's tick listeners have returned for a run of the
 * loop that took the quote: the engine's listener (registered first, at start) is awaited before
 * the benchmark's (`EngineSeen`), and the engine's promise resolves only once its round over the
 * moved instruments (trigger index collect, positions marked, stop-out checked) is done.
 */

/** Orders per demo account (under the 200 live orders an account may hold). */
const ORDERS_PER_ACCOUNT = 150;

export type RestingOrders = { accounts: number; pending: number; positions: number; triggers: number };

/** Counts the quotes the adapter hands the feed, with their arrival times. */
class RecordingSource implements QuoteSource {
  readonly kind = 'fix' as const;
  forwarded = 0;
  /** arrivedAt (performance.now()) of every quote forwarded while recording. */
  arrivals: number[] = [];

  constructor(private readonly inner: FixQuoteSource) {}

  start(events: QuoteSourceEvents): void {
    this.inner.start({
      ...events,
      quote: (quote) => {
        this.arrivals.push(quote.arrivedAt);
        this.forwarded += 1;
        events.quote(quote);
      },
    });
  }
  setSymbols(symbols: readonly string[]): void {
    this.inner.setSymbols(symbols);
  }
  stop(): Promise<void> {
    return this.inner.stop();
  }
}

/**
 * When the engine has seen each forwarded quote. Every drain of the feed remembers how many quotes
 * had been forwarded by then (onQuote is synchronous, so those are the quotes it hands over); the
 * listener after the engine's marks them seen. A run that drains while another awaits the engine
 * adds its instruments to the engine's round in progress, whose promise resolves only after them,
 * so when any run's listener returns, every drain before it has been processed.
 */
export class EngineSeen {
  /** performance.now() when the engine had seen quote i (undefined: not yet). */
  seenAt: number[] = [];
  private drainedUpTo = 0;
  private waiter: { count: number; resolve: () => void } | undefined;

  constructor(
    private readonly source: RecordingSource,
    feed: RealFeed,
    app: FastifyInstance,
  ) {
    const drain = feed.drain.bind(feed);
    feed.drain = (nowMs: number) => {
      this.drainedUpTo = this.source.forwarded;
      return drain(nowMs);
    };
    app.market.onTick(() => {
      const now = performance.now();
      for (let i = this.seenAt.length; i < this.drainedUpTo; i++) this.seenAt.push(now);
      if (this.waiter && this.seenAt.length >= this.waiter.count) {
        this.waiter.resolve();
        this.waiter = undefined;
      }
    });
  }

  get forwarded(): number {
    return this.source.forwarded;
  }

  get arrivals(): number[] {
    return this.source.arrivals;
  }

  /** Resolves once the engine has seen `count` quotes in all. */
  until(count: number, timeoutMs: number): Promise<boolean> {
    if (this.seenAt.length >= count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
  }
}

export type BenchServer = {
  app: FastifyInstance;
  seen: EngineSeen;
  resting: RestingOrders;
  instrumentId: number;
  close(): Promise<void>;
};

type Answer<T> = { code: number; msg: string; data: T };

let addressCounter = 0;
async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  fields: Record<string, string>,
  token?: string,
): Promise<Answer<T>> {
  addressCounter += 1;
  const headers: Record<string, string> = {
    lang: 'en',
    'x-forwarded-for': `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
  if (token) headers.authorization = token;
  const response =
    method === 'GET'
      ? await app.inject({ method, url: `${url}?${new URLSearchParams(fields)}`, headers })
      : await app.inject({ method, url, headers, payload: fields });
  return response.json() as Answer<T>;
}

const price = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Demo accounts each holding ORDERS_PER_ACCOUNT live orders on the instrument, placed through the
 * API: a third pending buys waiting 2 % to 10 % below the price, the rest positions (buys and
 * sells) with a stop-loss and a take-profit 2 % to 10 % away. Nothing the benchmark's walk (0.50
 * wide) reaches, so every quote is a quiet tick for the index.
 */
async function placeRestingOrders(
  app: FastifyInstance,
  instrumentId: number,
  orders: number,
): Promise<RestingOrders> {
  const mid = bidCents(0);
  const resting: RestingOrders = { accounts: 0, pending: 0, positions: 0, triggers: 0 };
  let placed = 0;
  while (placed < orders) {
    const demo = await call<{ token: string }>(app, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: `bench-feed-${process.pid}-${resting.accounts}`,
    });
    if (demo.code !== 1) throw new Error(`demo login failed: ${demo.msg}`);
    resting.accounts += 1;
    for (let n = 0; n < ORDERS_PER_ACCOUNT && placed < orders; n++, placed++) {
      const away = Math.round(mid * (0.02 + (0.08 * ((placed * 7919) % 1000)) / 1000));
      const base = { cont: '0.01', forex_id: String(instrumentId), multiple: '10' };
      const fields: Record<string, string> =
        placed % 3 === 0
          ? { ...base, type: '1', status: '0', target_price: price(mid - away) }
          : placed % 3 === 1
            ? {
                ...base,
                type: '1',
                status: '1',
                stop_loss_price: price(mid - away),
                target_profit_price: price(mid + away),
              }
            : {
                ...base,
                type: '2',
                status: '1',
                stop_loss_price: price(mid + away),
                target_profit_price: price(mid - away),
              };
      const answer = await call(app, 'POST', '/v1/api/forex/submit', fields, demo.data.token);
      if (answer.code !== 1) throw new Error(`order refused: ${answer.msg}`);
      if (fields.status === '0') {
        resting.pending += 1;
        resting.triggers += 1;
      } else {
        resting.positions += 1;
        resting.triggers += 2;
      }
    }
  }
  return resting;
}

/**
 * Starts the server on the provider at `port` and places `orders` resting orders once the first
 * quote (`firstQuote`, sent by the caller once subscribed) has made the instrument tradable.
 */
export async function startBenchServer(options: {
  port: number;
  orders: number;
  /** Called once the adapter has subscribed; must make the provider send one good quote. */
  whenSubscribed: Promise<unknown>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-feed-server-'));
  const pglite = await PGlite.create('memory://');
  const database = await openDatabase({ pglite, searchPath: 'bench' });
  await migrate(database, MIGRATIONS_DIR);
  await seedReferenceData(database.db);
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const adapter = new FixQuoteSource({
    settings: {
      host: '127.0.0.1',
      port: options.port,
      tls: false,
      senderCompId: 'MERIDIAN',
      targetCompId: 'LP',
      username: 'bench',
      password: 'bench',
      resetOnLogon: true,
      heartbeatSeconds: 30,
    },
    dataDir,
    logger: { info: () => {}, warn: () => {}, error: (message) => console.error(message) },
  });
  const source = new RecordingSource(adapter);
  const feed = new RealFeed({
    primary: source,
    failoverMs: 60_000,
    failbackMs: 60_000,
    now: () => Date.now(),
    log,
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUSTED_PROXIES: '127.0.0.1' });
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDistDir: path.join(dataDir, 'no-web'),
    adminDistDir: path.join(dataDir, 'no-admin'),
    market: { autoStart: true, backfill: false, feed },
    strategyTraders: false,
    outbox: { autoStart: false },
  });
  await app.ready();
  const seen = new EngineSeen(source, feed, app);
  const instrument = (
    await app.inject({ method: 'GET', url: '/v1/api/forex/trade_list?lang=en' })
  ).json() as {
    data: { Id: number; Code?: string; Symbol?: string }[];
  };
  const instrumentId = instrument.data.find((row) => (row.Code ?? row.Symbol) === SYMBOL)?.Id ?? 13;
  await options.whenSubscribed;
  if (!(await seen.until(1, 10_000))) throw new Error('the first quote never reached the engine');
  const resting = await placeRestingOrders(app, instrumentId, options.orders);
  const stats = app.engine.stats();
  if (stats.triggers < resting.triggers) throw new Error(`the index holds ${stats.triggers} triggers`);
  return {
    app,
    seen,
    resting,
    instrumentId,
    async close() {
      await app.close();
      await database.close();
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
