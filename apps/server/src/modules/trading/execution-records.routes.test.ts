import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionList, ExecutionRecord } from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import { copiesOfSource, followed, openedAndMirrored, optedIn } from '../../../test/copy';
import {
  demoTrader,
  EURUSD,
  midForAsk,
  midForBid,
  moveTo,
  openedOrder,
  quoteOf,
  realTrader,
  type Trader,
  trade,
} from '../../../test/trading';

/**
 * The execution record of each fill kind through HTTP: the price is the quote's side (or
 * the trigger's price), the quote is the one shown to customers, and a trigger keeps the first
 * quote that crossed it. The records are the owner's to read, and nobody changes them.
 */

const SPREAD = '0.00004';
const toBid = (bid: string) => midForBid(bid, SPREAD, 5);
const toAsk = (ask: string) => midForAsk(ask, SPREAD, 5);
const price = (value: string) => Number(value).toFixed(8);

const t = useTradingApp({ midsBefore: 'eachTest' });
const place = (trader: Trader, fields?: Record<string, unknown>) => openedOrder(t, trader, fields);

const execution = (trader: Trader | undefined, id: number) =>
  call<ExecutionList>(t, 'GET', '/v1/api/forex/execution', { id }, trader ? { token: trader.token } : {});

async function recordsOf(trader: Trader, id: number): Promise<ExecutionRecord[]> {
  const answer = await execution(trader, id);
  expect(answer.code, answer.msg).toBe(1);
  expect(answer.data.order_id).toBe(id);
  return answer.data.list;
}

describe('execution records of customer fills', () => {
  it('market open at the ask and manual close at the bid, with the quote, source and times', async () => {
    const trader = await realTrader(t, '1000');
    const atOpen = quoteOf(t, EURUSD);
    const openedAt = t.clock.now().getTime();
    const order = await place(trader);
    await moveTo(t, EURUSD, '1.08600');
    const atClose = quoteOf(t, EURUSD);
    t.clock.advance(1500);
    const closedAt = t.clock.now().getTime();
    expect((await trade(t, trader, 'close', { id: order.Id })).code).toBe(1);
    const records = await recordsOf(trader, order.Id);
    expect(records).toEqual([
      expect.objectContaining({
        kind: 'market_open',
        type: 1,
        price: price(atOpen.ask),
        bid: price(atOpen.bid),
        ask: price(atOpen.ask),
        markup_points: 0,
        source: 'simulator',
        feed_at: null,
        requested_at: openedAt,
        filled_at: openedAt,
        trigger_price: null,
        crossing_bid: null,
      }),
      expect.objectContaining({
        kind: 'manual_close',
        price: price(atClose.bid),
        bid: price(atClose.bid),
        ask: price(atClose.ask),
        requested_at: closedAt,
        filled_at: closedAt,
      }),
    ]);
    // The quote's receive time is the tick's: before the close request, not after it.
    expect(records[1]?.quoted_at).toBeLessThanOrEqual(closedAt);
    expect(records[0]?.quoted_at).toBeLessThanOrEqual(openedAt);
  });
});

describe('execution records of engine fills', () => {
  it('a pending fill at its target keeps the first quote that crossed it', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader, { status: 0, target_price: '1.08400' });
    await moveTo(t, EURUSD, toAsk('1.08401'));
    expect(await recordsOf(trader, order.Id)).toEqual([]);
    const crossing = await moveTo(t, EURUSD, toAsk('1.08390'));
    const [record] = await recordsOf(trader, order.Id);
    expect(record).toMatchObject({
      kind: 'pending_fill',
      price: price('1.08400'),
      trigger_price: price('1.08400'),
      crossing_bid: price(crossing.bid),
      crossing_ask: price('1.08390'),
      bid: price(crossing.bid),
      ask: price(crossing.ask),
      requested_at: record?.quoted_at,
    });
    await trade(t, trader, 'close', { id: order.Id });
  });

  it('a stop-loss and a take-profit close at their price, on the quote that crossed them', async () => {
    const trader = await realTrader(t, '1000');
    const stopped = await place(trader, { stop_loss_price: '1.08300' });
    const taken = await place(trader, { target_profit_price: '1.08700' });
    const down = await moveTo(t, EURUSD, toBid('1.08290'));
    expect((await recordsOf(trader, stopped.Id)).at(-1)).toMatchObject({
      kind: 'stop_loss',
      price: price('1.08300'),
      trigger_price: price('1.08300'),
      crossing_bid: price('1.08290'),
      crossing_ask: price(down.ask),
      bid: price('1.08290'),
    });
    await moveTo(t, EURUSD, toBid('1.08699'));
    const up = await moveTo(t, EURUSD, toBid('1.08710'));
    const records = await recordsOf(trader, taken.Id);
    expect(records.map((record) => record.kind)).toEqual(['market_open', 'take_profit']);
    expect(records[1]).toMatchObject({
      price: price('1.08700'),
      trigger_price: price('1.08700'),
      crossing_bid: price('1.08710'),
      crossing_ask: price(up.ask),
    });
  });

  it('a stop-out closes at the bid of the quote it was marked at', async () => {
    // As in engine.test.ts: 1 lot at leverage 500, stopped out at the bid 1.08320.
    const trader = await realTrader(t, '299.504');
    const order = await place(trader, { cont: '1', multiple: 500 });
    const quote = await moveTo(t, EURUSD, toBid('1.08320'));
    expect((await recordsOf(trader, order.Id)).at(-1)).toMatchObject({
      kind: 'stop_out',
      price: price('1.08320'),
      bid: price('1.08320'),
      ask: price(quote.ask),
      trigger_price: null,
    });
  });
});

describe('execution records of copies', () => {
  it("a copy opens at the follower's ask and closes at the bid when the trader's order closes", async () => {
    const trader = await demoTrader(t);
    const follower = await demoTrader(t);
    await followed(t, follower, { trader_id: await optedIn(t, trader), mode: 1, ratio: '1', amount: '1000' });
    const atOpen = quoteOf(t, EURUSD);
    const source = await openedAndMirrored(t, trader);
    const [copy] = await copiesOfSource(t, source.Id);
    if (!copy) throw new Error('no copy');
    await moveTo(t, EURUSD, '1.08550');
    const atClose = quoteOf(t, EURUSD);
    expect((await trade(t, trader, 'close', { id: source.Id })).code).toBe(1);
    await t.app.copyTrading.idle();
    const records = await recordsOf(follower, copy.id);
    expect(records).toEqual([
      expect.objectContaining({ kind: 'copy_open', price: price(atOpen.ask), ask: price(atOpen.ask) }),
      expect.objectContaining({ kind: 'copy_close', price: price(atClose.bid), bid: price(atClose.bid) }),
    ]);
    // The trader's own order is not the follower's to read.
    expect((await execution(follower, source.Id)).code).not.toBe(1);
  });
});

describe('GET /v1/api/forex/execution', () => {
  it("answers the owner only: another user's order and no session get close's refusals", async () => {
    const owner = await realTrader(t, '1000');
    const stranger = await realTrader(t, '1000');
    const order = await place(owner);
    const refusedClose = await trade(t, stranger, 'close', { id: order.Id });
    const refused = await execution(stranger, order.Id);
    expect(refused.code).not.toBe(1);
    expect(refused.msg).toBe(refusedClose.msg);
    expect((await execution(owner, 999_999)).msg).toBe(refusedClose.msg);
    const anonymous = await execution(undefined, order.Id);
    const anonymousClose = await call(t, 'POST', '/v1/api/forex/close', { id: order.Id });
    expect(anonymous.code).not.toBe(1);
    expect(anonymous).toMatchObject({ code: anonymousClose.code, msg: anonymousClose.msg });
    expect((await execution(owner, 0)).code).not.toBe(1);
    expect(await recordsOf(owner, order.Id)).toHaveLength(1);
    await trade(t, owner, 'close', { id: order.Id });
  });
});

describe('append-only', () => {
  it('the database refuses to update or delete a record', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader);
    const db = t.database.db;
    await expect(
      db.execute(`update execution_records set price = 1 where order_id = ${order.Id}`),
    ).rejects.toThrow();
    await expect(db.execute(`delete from execution_records where order_id = ${order.Id}`)).rejects.toThrow();
    await expect(db.execute('truncate execution_records')).rejects.toThrow();
    expect(await recordsOf(trader, order.Id)).toHaveLength(1);
  });

  it('no server code updates or deletes the table', () => {
    const root = join(__dirname, '../..');
    const offending: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(name) && !name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          if (
            /(update|delete)\(\s*executionRecords\b/.test(text) ||
            /(update|delete\s+from)\s+"?execution_records\b/i.test(text)
          )
            offending.push(path);
        }
      }
    };
    walk(root);
    expect(offending).toEqual([]);
  });
});
