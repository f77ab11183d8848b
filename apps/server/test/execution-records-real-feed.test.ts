import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealFeedApp, quoteAndRun, type RealFeedApp } from './real-feed-app';
import { EURUSD, executionRecordsOf, realTrader, submit, type Trader } from './trading';

/**
 * On a real feed, a fill's execution record names the feed (role, kind and symbol), the
 * markup, the quote as customers saw it (the feed's plus the markup) and when that quote reached us.
 */

const BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };
const price = (value: string) => Number(value).toFixed(8);

let t: RealFeedApp;
let trader: Trader;
beforeEach(async () => {
  t = await createRealFeedApp();
  trader = await realTrader(t, '10000');
  await t.database.db.execute('update instruments set markup_points = 3 where id = 1');
  await t.app.market.refreshTerms();
});
afterEach(async () => {
  await t.close();
});

const recordsOf = (id: number) => executionRecordsOf(t, trader, id);

describe('execution records on a real feed', () => {
  it('keep the feed, the markup, the marked-up quote and its receive time; a stop its crossing quote', async () => {
    const quotedAt = t.clock.now().getTime();
    // The venue's clock runs 40 ms behind ours on the first quote, 15 ms on the crossing one.
    await quoteAndRun(t, 'EURUSD', '1.08500', '1.08510', t.primary, quotedAt - 40);
    t.clock.advance(700);
    const bought = await submit(t, trader, { ...BUY, stop_loss_price: '1.08495' });
    expect(bought.code, bought.msg).toBe(1);
    const id = bought.data?.Id ?? 0;
    t.clock.advance(300);
    const crossedAt = t.clock.now().getTime();
    await quoteAndRun(t, 'EURUSD', '1.08495', '1.08505', t.primary, crossedAt - 15);
    const records = await recordsOf(id);
    expect(records).toEqual([
      expect.objectContaining({
        kind: 'market_open',
        price: price('1.08513'),
        bid: price('1.08497'),
        ask: price('1.08513'),
        markup_points: 3,
        source: 'primary/fix:EURUSD',
        quoted_at: quotedAt,
        feed_at: quotedAt - 40,
        requested_at: quotedAt + 700,
        filled_at: quotedAt + 700,
      }),
      expect.objectContaining({
        kind: 'stop_loss',
        price: price('1.08495'),
        bid: price('1.08492'),
        ask: price('1.08508'),
        markup_points: 3,
        source: 'primary/fix:EURUSD',
        quoted_at: crossedAt,
        feed_at: crossedAt - 15,
        requested_at: crossedAt,
        trigger_price: price('1.08495'),
        crossing_bid: price('1.08492'),
        crossing_ask: price('1.08508'),
      }),
    ]);
  });

  it('keep no feed time for a quote its source did not date (a stream without a time)', async () => {
    await quoteAndRun(t, 'EURUSD', '1.08500', '1.08510');
    const bought = await submit(t, trader, BUY);
    expect(bought.code, bought.msg).toBe(1);
    const [record] = await recordsOf(bought.data?.Id ?? 0);
    expect(record).toMatchObject({ kind: 'market_open', source: 'primary/fix:EURUSD', feed_at: null });
  });
});
