import type { Instrument } from '@meridian/contract/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call } from './accounts';
import { createTestApp, createTestClock, type TestApp } from './app';
import { type FixPeer, startFixPeer } from './fix-peer';
import { countOrders, EURUSD, executionRecordsOf, realTrader, submit, type Trader } from './trading';
import { WsFeedPeer } from './ws-feed-peer';

/**
 * The whole server on PRICE_FEED=fix, end to end: the FIX adapter logs on to a scripted
 * FIX 4.4 provider on the loopback, the exchange stream stands by as the secondary, and customers
 * trade on the provider's prices through HTTP, on both databases. The market runs by hand on a test
 * clock; quotes arrive on their own, so each step waits for the state it needs.
 */

const CREDENTIALS = { username: 'meridian', password: 'fix-test-password' };
const BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };

let peer: FixPeer;
let stream: WsFeedPeer;
let t: TestApp;
let trader: Trader;
const clock = createTestClock();

function feedEnv(): Record<string, string> {
  return {
    PRICE_FEED: 'fix',
    FIX_HOST: '127.0.0.1',
    FIX_PORT: String(peer.port),
    FIX_SENDER_COMP_ID: 'MERIDIAN',
    FIX_TARGET_COMP_ID: 'LP',
    FIX_USERNAME: CREDENTIALS.username,
    FIX_PASSWORD: CREDENTIALS.password,
    PRICE_FEED_SECONDARY: 'websocket',
    SECONDARY_FEED_WS_URL: stream.url,
    FEED_FAILOVER_SECONDS: '5',
    FEED_FAILBACK_SECONDS: '30',
  };
}

async function eurusd(): Promise<Instrument> {
  const answer = await call<Instrument[]>(t, 'GET', '/v1/api/forex/trade_list', {});
  const item = answer.data.find((instrument) => instrument.Id === EURUSD);
  if (!item) throw new Error('EURUSD is not in the trade list');
  return item;
}

/** Runs the market until EURUSD's bid shows `bid` (a quote is on its way over TCP). */
async function untilBid(bid: string): Promise<void> {
  await expect
    .poll(async () => {
      await t.app.market.tick();
      return (await eurusd()).ForexQuotations.Bid;
    })
    .toBe(bid);
}

async function rows<Row>(sqlText: string): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(sqlText));
}

beforeAll(async () => {
  peer = await startFixPeer(CREDENTIALS);
  stream = await WsFeedPeer.start({ replayEveryMs: 0, pingEveryMs: 0 });
  t = await createTestApp({ clock, env: feedEnv(), market: { autoStart: false, backfill: false } });
  await t.database.db.execute('update instruments set markup_points = 2 where id = 1');
  await t.app.market.refreshTerms();
  trader = await realTrader(t, '10000');
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
  await stream?.close();
});

// One provider's story in order (quotes, stop, stale, spike, failover, restart): never shuffled.
describe('PRICE_FEED=fix with a FIX 4.4 provider', { shuffle: false }, () => {
  it('refuses orders until the provider has quoted, then fills a market buy at its ask plus the markup', async () => {
    await expect.poll(() => peer.subscriptions()).toContain('EURUSD');
    await expect.poll(() => [...stream.subscribed()]).toContain('eurusd@bookTicker');
    expect(await eurusd()).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'stale' });
    expect((await submit(t, trader, BUY)).code).toBe(0);
    expect(await countOrders(t, trader.accountId)).toBe(0);
    // The provider's own clock (SendingTime) dates the quote: the wall clock around it, not the server's test clock.
    const sentFrom = Date.now();
    peer.setQuote('EURUSD', '1.08500', '1.08510');
    await untilBid('1.08498');
    const sentBy = Date.now();
    expect(await eurusd()).toMatchObject({ MarketStatus: 1, MarketStatusReason: null });
    expect((await eurusd()).ForexQuotations.Ask).toBe('1.08512');
    const bought = await submit(t, trader, BUY);
    expect(bought.code, bought.msg).toBe(1);
    const [row] = await rows<{ price: string }>(
      `select open_price::text as price from orders where account_id = ${trader.accountId}`,
    );
    expect(Number(row?.price)).toBe(1.08512);
    const [record] = await executionRecordsOf(t, trader, bought.data?.Id ?? 0);
    expect(record).toMatchObject({
      kind: 'market_open',
      source: 'primary/fix:EURUSD',
      quoted_at: expect.any(Number),
    });
    // SendingTime has whole milliseconds: the peer sent the quote between the two wall-clock reads.
    expect(record?.feed_at).toBeGreaterThanOrEqual(sentFrom);
    expect(record?.feed_at).toBeLessThanOrEqual(sentBy);
    expect(record?.feed_at).not.toBe(record?.quoted_at);
  });

  it('fills a resting stop on the first good quote through it, never on a crossed one', async () => {
    const placed = await submit(t, trader, { ...BUY, stop_loss_price: '1.08000' });
    expect(placed.code, placed.msg).toBe(1);
    const holdingWithStop = async () =>
      (
        await rows<{ count: number }>(
          `select count(*)::int as count from orders where account_id = ${trader.accountId}
           and status = 'holding' and stop_loss > 0`,
        )
      ).map((row) => Number(row.count))[0];
    const crossedBefore = t.app.market.realFeed
      ?.health()
      .instruments.find((one) => one.instrumentId === EURUSD)?.refused.crossed;
    peer.sendSnapshot('EURUSD', '1.07900', '1.07800');
    await expect
      .poll(async () => {
        await t.app.market.tick();
        return t.app.market.realFeed?.health().instruments.find((one) => one.instrumentId === EURUSD)?.refused
          .crossed;
      })
      .toBe((crossedBefore ?? 0) + 1);
    expect(await holdingWithStop()).toBe(1);
    // The crossing quote's entries carry the provider's MDEntryDate/MDEntryTime: that time is the feed's.
    const madeAt = new Date('2026-11-18T11:59:58.123Z');
    peer.stampEntries(madeAt);
    peer.setQuote('EURUSD', '1.07990', '1.08000');
    await untilBid('1.07988');
    await expect.poll(holdingWithStop).toBe(0);
    peer.stampEntries(undefined);
    const records = await executionRecordsOf(t, trader, placed.data?.Id ?? 0);
    expect(records.map((record) => record.kind)).toEqual(['market_open', 'stop_loss']);
    expect(records[1]).toMatchObject({
      feed_at: madeAt.getTime(),
      quoted_at: clock.now().getTime(),
      crossing_bid: Number('1.07988').toFixed(8),
    });
  });

  it('pauses a silent instrument after feed_stale_seconds, and trades again on the next quote', async () => {
    clock.advance(11_000);
    await t.app.market.tick();
    expect(await eurusd()).toMatchObject({ MarketStatus: 0, MarketStatusReason: 'stale' });
    const refused = await submit(t, trader, BUY);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/Prices are paused/);
    peer.setQuote('EURUSD', '1.08100', '1.08110');
    await untilBid('1.08098');
    expect((await submit(t, trader, BUY)).code).toBe(1);
  });

  it('holds a spike from the provider and drops it when the next quote returns, never pricing on it', async () => {
    // A calm market first (one-step moves), so the spike filter knows a normal move.
    for (const [bid, ask] of [
      ['1.08101', '1.08111'],
      ['1.08102', '1.08112'],
      ['1.08101', '1.08111'],
      ['1.08102', '1.08112'],
    ] as const) {
      peer.setQuote('EURUSD', bid, ask);
      await untilBid((Number(bid) - 0.00002).toFixed(5));
    }
    const spikes = () =>
      t.app.market.realFeed?.health().instruments.find((one) => one.instrumentId === EURUSD)?.refused.spike;
    const before = spikes() ?? 0;
    peer.setQuote('EURUSD', '1.09500', '1.09510');
    peer.setQuote('EURUSD', '1.08103', '1.08113');
    await untilBid('1.08101');
    expect(spikes()).toBe(before + 1);
    const [highest] = await rows<{ high: string }>(
      `select max(high)::text as high from candles where instrument_id = ${EURUSD} and period_minutes = 1`,
    );
    expect(Number(highest?.high ?? 0)).toBeLessThan(1.09);
    expect((await eurusd()).ForexQuotations.High).not.toMatch(/^1\.09/);
  });

  it('fails over to the exchange stream when the provider goes away, and keeps prices flowing', async () => {
    await peer.close();
    await expect
      .poll(() => t.app.market.realFeed?.health().sources.find((source) => source.role === 'primary')?.state)
      .not.toBe('connected');
    clock.advance(5_000);
    await expect
      .poll(async () => {
        await t.app.market.tick();
        return t.app.market.realFeed?.health().sources.find((source) => source.active)?.role;
      })
      .toBe('secondary');
    // The stream's level is some way from the provider's last: the spike filter holds the first
    // quote until the next one confirms it.
    stream.quote('EURUSD', '1.08200', '1.08210');
    stream.quote('EURUSD', '1.08201', '1.08211');
    await untilBid('1.08199');
    expect((await submit(t, trader, BUY)).code).toBe(1);
    const [audit] = await rows<{ details: { from: string; to: string } }>(
      `select details from audit_log where action = 'market.feed_switched' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ from: 'primary', to: 'secondary' });
  });

  it('resumes after a restart: the provider quotes again and prices and orders carry on', async () => {
    const database = t.database;
    await t.app.close();
    peer = await startFixPeer(CREDENTIALS);
    const restarted = await createTestApp({
      clock,
      database,
      env: feedEnv(),
      market: { autoStart: false, backfill: false },
    });
    // The restarted app closes on its own; the database it shares is dropped after it.
    t = {
      ...restarted,
      async close() {
        await restarted.close();
        await database.drop();
      },
    };
    await expect.poll(() => peer.subscriptions()).toContain('EURUSD');
    peer.setQuote('EURUSD', '1.08300', '1.08310');
    await untilBid('1.08298');
    const list = await call(t, 'GET', '/v1/api/forex/my_deal', { status: 1 }, { token: trader.token });
    expect(list.code, list.msg).toBe(1);
    expect((await submit(t, trader, BUY)).code).toBe(1);
  });
});
