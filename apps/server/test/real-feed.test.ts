import type { Instrument } from '@meridian/contract/market';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call } from './accounts';
import type { TestApp } from './app';
import { createRealFeedApp, quoteAndRun as quoteFeed, type RealFeedApp } from './real-feed-app';
import { countOrders, EURUSD, realTrader, submit, type Trader } from './trading';

/**
 * The whole server on a real feed, driven by scripted sources on a test clock: every
 * price customers see and trade at is the feed's checked quote plus the markup; a missing, refused
 * or stale price pauses trading; a failover keeps prices coming.
 */

type Logged = { level: string; fields: unknown; message: string };

function recordingLog(lines: Logged[]): FastifyBaseLogger {
  const at =
    (level: string) =>
    (fields: unknown, message = '') => {
      lines.push({ level, fields, message });
    };
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => log,
  };
  // A test logger with the methods the feed calls; the rest of pino's surface is not needed here.
  return log as unknown as FastifyBaseLogger;
}

async function eurusd(t: TestApp): Promise<Instrument> {
  const answer = await call<Instrument[]>(t, 'GET', '/v1/api/forex/trade_list', {});
  expect(answer.code, answer.msg).toBe(1);
  const item = answer.data.find((instrument) => instrument.Id === EURUSD);
  if (!item) throw new Error('EURUSD is not in the trade list');
  return item;
}

async function quoteAndRun(t: FeedApp, bid: string | undefined, ask: string, source = t.primary) {
  await quoteFeed(t, 'EURUSD', bid, ask, source);
}

async function rows<Row>(sqlText: string): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(sqlText));
}

const BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };

type FeedApp = RealFeedApp;

let t: FeedApp;
let logs: Logged[] = [];
let trader: Trader;

beforeEach(async () => {
  logs = [];
  t = await createRealFeedApp({}, recordingLog(logs));
  trader = await realTrader(t, '10000');
});

afterEach(async () => {
  await t.close();
});

describe('a real feed prices the market', () => {
  it('subscribes every instrument by its feed symbol, and pauses trading until the first quote', async () => {
    expect(t.primary.symbols).toContain('EURUSD');
    expect(t.primary.symbols).toContain('BTCUSDT');
    expect(t.secondary.symbols).toEqual(t.primary.symbols);
    const before = await eurusd(t);
    expect(before).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'stale' });
    const refused = await submit(t, trader, BUY);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/Prices are paused for this instrument/);
    expect(await countOrders(t, trader.accountId)).toBe(0);
  });

  it('fills a market buy at the feed ask plus the markup, and shows the marked-up quote', async () => {
    await t.database.db.execute('update instruments set markup_points = 3 where id = 1');
    await t.app.market.refreshTerms();
    await quoteAndRun(t, '1.08500', '1.08510');
    const item = await eurusd(t);
    expect(item).toMatchObject({ MarketStatus: 1, MarketStatusReason: null });
    expect(item.ForexQuotations).toMatchObject({ Bid: '1.08497', Ask: '1.08513', Close: '1.08505' });
    const bought = await submit(t, trader, BUY);
    expect(bought.code, bought.msg).toBe(1);
    const [row] = await rows<{ price: string }>(
      `select open_price::text as price from orders where account_id = ${trader.accountId}`,
    );
    expect(Number(row?.price)).toBe(1.08513);
  });

  it('refuses crossed, empty and non-numeric quotes: counted by reason, logged, never a price', async () => {
    await quoteAndRun(t, '1.08500', '1.08510');
    for (const [bid, ask] of [
      ['1.09000', '1.08000'],
      [undefined, '1.08510'],
      ['abc', '1.08510'],
      ['-1', '1.08510'],
      ['108.5', '108.6'],
    ] as const)
      await quoteAndRun(t, bid, ask);
    const item = await eurusd(t);
    expect(item.ForexQuotations).toMatchObject({ Bid: '1.08500', Ask: '1.08510' });
    const health = t.feed.health().instruments.find((one) => one.instrumentId === EURUSD);
    expect(health?.refused).toMatchObject({
      crossed: 1,
      one_sided: 1,
      not_a_number: 1,
      not_positive: 1,
      outside_band: 1,
    });
    expect(logs.filter((line) => line.message === 'feed quote refused')).toHaveLength(5);
  });

  it('fills a resting stop on the first good quote that crosses it, never on a refused or held one', async () => {
    await quoteAndRun(t, '1.08500', '1.08510');
    // A steady market first, so the spike filter knows the size of a normal move.
    for (let step = 1; step <= 20; step += 1) {
      const bid = (1.085 + (step % 2) * 0.0001).toFixed(5);
      const ask = (1.0851 + (step % 2) * 0.0001).toFixed(5);
      await quoteAndRun(t, bid, ask);
    }
    const bought = await submit(t, trader, { ...BUY, stop_loss_price: '1.08000' });
    expect(bought.code, bought.msg).toBe(1);
    const holding = async () =>
      (
        await rows<{ count: number }>(
          `select count(*)::int as count from orders where account_id = ${trader.accountId} and status = 'holding'`,
        )
      ).map((row) => Number(row.count))[0];
    // A crossed quote below the stop: refused, no fill.
    await quoteAndRun(t, '1.07900', '1.07800');
    expect(await holding()).toBe(1);
    // A spike far below the stop: held, no fill; the next quote returns to the market: dropped.
    await quoteAndRun(t, '1.05000', '1.05010');
    expect(await holding()).toBe(1);
    await quoteAndRun(t, '1.08500', '1.08510');
    expect(await holding()).toBe(1);
    const health = t.feed.health().instruments.find((one) => one.instrumentId === EURUSD);
    expect(health?.refused.spike).toBe(1);
    // A good quote through the stop: it fills, at the stop's price (the fill-price rule of stops).
    for (const bid of ['1.08400', '1.08300', '1.08200', '1.08100', '1.07990'])
      await quoteAndRun(t, bid, (Number(bid) + 0.0001).toFixed(5));
    expect(await holding()).toBe(0);
    const [closed] = await rows<{ price: string }>(
      `select close_price::text as price from orders where account_id = ${trader.accountId}`,
    );
    expect(Number(closed?.price)).toBe(1.08);
  });

  it('fills a stop crossed by a quote that a later quote of the same run takes back', async () => {
    await quoteAndRun(t, '1.08500', '1.08510');
    const bought = await submit(t, trader, { ...BUY, stop_loss_price: '1.08400' });
    expect(bought.code, bought.msg).toBe(1);
    // Three quotes arrive before the market runs once: the middle one goes through the stop.
    t.primary.quote('EURUSD', '1.08450', '1.08460');
    t.primary.quote('EURUSD', '1.08390', '1.08400');
    t.primary.quote('EURUSD', '1.08480', '1.08490');
    await t.app.market.tick();
    expect((await eurusd(t)).ForexQuotations.Bid).toBe('1.08480');
    const [closed] = await rows<{ status: string; price: string }>(
      `select status, close_price::text as price from orders where account_id = ${trader.accountId}`,
    );
    expect(closed).toMatchObject({ status: 'closed' });
    expect(Number(closed?.price)).toBe(1.084);
  });

  it('pauses an instrument without a good quote for feed_stale_seconds, and resumes with the next one', async () => {
    await quoteAndRun(t, '1.08500', '1.08510');
    expect((await eurusd(t)).MarketStatus).toBe(1);
    t.clock.advance(10_000);
    await t.app.market.tick();
    expect((await eurusd(t)).MarketStatus).toBe(1);
    t.clock.advance(1_001);
    await t.app.market.tick();
    expect(await eurusd(t)).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'stale' });
    const refused = await submit(t, trader, BUY, { lang: 'de' });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/pausiert/);
    await quoteAndRun(t, '1.08501', '1.08511');
    expect(await eurusd(t)).toMatchObject({ MarketStatus: 1, MarketStatusReason: null });
    expect((await submit(t, trader, BUY)).code).toBe(1);
  });

  it('answers no_symbol for an instrument without a feed symbol and rejected for a refused one', async () => {
    await t.database.db.execute('update instruments set feed_symbol = null where id = 1');
    await t.app.market.refreshTerms();
    expect(t.primary.symbols).not.toContain('EURUSD');
    expect(await eurusd(t)).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'no_symbol' });
    await t.database.db.execute(`update instruments set feed_symbol = 'EUR/USD' where id = 1`);
    await t.app.market.refreshTerms();
    expect(t.primary.symbols).toContain('EUR/USD');
    t.primary.reject('EUR/USD', 'Unknown symbol');
    expect(await eurusd(t)).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'rejected' });
    expect((await submit(t, trader, BUY)).code).toBe(0);
  });

  it('fails over to the secondary when the primary drops, and back once it is healthy again', async () => {
    await quoteAndRun(t, '1.08500', '1.08510');
    t.primary.state('disconnected', 'connection reset');
    t.clock.advance(4_000);
    await quoteAndRun(t, '1.08520', '1.08530', t.secondary);
    // Still on the primary: the secondary's quote is not used before the failover.
    expect((await eurusd(t)).ForexQuotations.Bid).toBe('1.08500');
    t.clock.advance(1_000);
    await t.app.market.tick();
    expect(t.feed.health().sources.find((source) => source.active)?.role).toBe('secondary');
    await quoteAndRun(t, '1.08520', '1.08530', t.secondary);
    expect((await eurusd(t)).ForexQuotations.Bid).toBe('1.08520');
    expect((await submit(t, trader, BUY)).code).toBe(1);
    expect(t.feed.health().switches).toEqual([
      expect.objectContaining({ from: 'primary', to: 'secondary', reason: 'primary disconnected' }),
    ]);
    // The primary back and quoting for the failback time: prices come from it again.
    t.primary.state('connected');
    for (let second = 0; second <= 20; second += 1) {
      await quoteAndRun(t, '1.08540', '1.08550');
      await quoteAndRun(t, '1.08521', '1.08531', t.secondary);
      t.clock.advance(1_000);
    }
    await t.app.market.tick();
    expect(t.feed.health().sources.find((source) => source.active)?.role).toBe('primary');
    await quoteAndRun(t, '1.08541', '1.08551');
    expect((await eurusd(t)).ForexQuotations.Bid).toBe('1.08541');
    expect(logs.filter((line) => line.message === 'price feed switched')).toHaveLength(2);
  });
});
