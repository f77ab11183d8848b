import { LIMITS } from '@meridian/contract/limits';
import type { Order, OrderList } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import {
  checkBooks,
  countEntries,
  countOrders,
  createTradingApp,
  demoTrader,
  EURUSD,
  moveTo,
  quoteOf,
  realTrader,
  submit,
  type Trader,
  type TradingApp,
  trade,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import { forgetTradingTerms } from './instrument-terms';

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  // Mid 1.08500: bid 1.08496, ask 1.08504 (spread 0.00004 each side).
  await moveTo(t, EURUSD, '1.08500');
});
afterAll(async () => {
  await t.close();
});

/** A market buy of 0.1 lot at leverage 100: margin 108.504 at the ask 1.08504, fee 0.7 (7 per lot). */
const BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };
const BUY_COST = '109.204';

async function listOf(trader: Trader, status: number, extra: Record<string, unknown> = {}) {
  const answer = await call<OrderList>(
    t,
    'GET',
    '/v1/api/forex/my_deal',
    { status, ...extra },
    {
      token: trader.token,
    },
  );
  expect(answer.code).toBe(1);
  return answer.data;
}

async function opened(trader: Trader, fields: Record<string, unknown> = {}): Promise<Order> {
  const answer = await submit(t, trader, { ...BUY, ...fields });
  expect(answer.msg).toBe('Success');
  return answer.data;
}

/** Proves a refused call wrote nothing: same orders, same ledger, books in order. */
async function expectNothingWritten(trader: Trader, action: () => Promise<{ code: number; msg: string }>) {
  const orders = await countOrders(t);
  const entries = await countEntries(t, trader.accountId);
  const before = await checkBooks(t, trader.accountId);
  const answer = await action();
  expect(answer.code).toBe(0);
  expect(await countOrders(t)).toBe(orders);
  expect(await countEntries(t, trader.accountId)).toBe(entries);
  expect(await checkBooks(t, trader.accountId)).toEqual(before);
  return answer.msg;
}

describe('POST /v1/api/forex/submit', () => {
  it('fills a market buy at the ask: margin reserved as a pair, the fee charged once, the order answered', async () => {
    const trader = await realTrader(t, '1000');
    const order = await opened(trader, { stop_loss_price: '1.08000', target_profit_price: '1.09000' });
    expect(order).toMatchObject({
      ForexId: EURUSD,
      ForexTradeLists: { Id: EURUSD, Code: 'EURUSD', ShowCode: 'EUR/USD', PricePrecision: 5 },
      OrderType: 1,
      EntryType: 1,
      Status: 1,
      State: 'holding',
      Quantity: '0.1',
      Multiple: 100,
      OriginPrice: '1.08504',
      Price: '1.08504',
      TargetPrice: '0',
      // Marked at the bid it would close at: (1.08496 - 1.08504) x 0.1 x 100000.
      UpdatePrice: '1.08496',
      FactProfits: '-0.800000',
      CautionMoney: '108.504000',
      TradeFee: '0.700000',
      TargetLossPrice: '1.08000',
      TargetProfitPrice: '1.09000',
      CloseReason: '',
      CreateTimeHandler: '2026-11-18 12:00:00',
      PricePrecision: 5,
    });
    const books = await checkBooks(t, trader.accountId);
    expect(books).toMatchObject({ balance: '890.796', liveMargin: '108.504', entries: '999.3' });
    const rows = await t.database.db.execute(
      `select kind, bucket, amount::text as amount from ledger_entries where order_id = ${order.Id} order by id`,
    );
    expect(rowsOf(rows)).toEqual([
      { kind: 'margin_reserve', bucket: 'balance', amount: '-108.50400000' },
      { kind: 'margin_reserve', bucket: 'margin', amount: '108.50400000' },
      { kind: 'trade_fee', bucket: 'balance', amount: '-0.70000000' },
    ]);
  });

  it('fills a market sell at the bid, and takes its fields as a form too', async () => {
    const trader = await realTrader(t, '1000');
    const answer = await call<Order>(
      t,
      'POST',
      '/v1/api/forex/submit',
      { type: 2, status: 1, cont: '0.05', forex_id: EURUSD, multiple: 200, stop_loss_price: '' },
      { token: trader.token, form: true },
    );
    expect(answer.data).toMatchObject({
      OrderType: 2,
      Price: '1.08496',
      UpdatePrice: '1.08504',
      CautionMoney: '27.124000',
      TradeFee: '0.350000',
      TargetLossPrice: '0',
    });
    await checkBooks(t, trader.accountId);
  });

  it('places a pending buy below the ask: margin at the target and the fee reserved, nothing filled', async () => {
    const trader = await realTrader(t, '1000');
    const answer = await submit(t, trader, {
      ...BUY,
      status: 0,
      target_price: '1.08000',
      stop_loss_price: '1.07500',
    });
    expect(answer.data).toMatchObject({
      EntryType: 0,
      Status: 0,
      State: 'pending',
      OriginPrice: '1.08504',
      Price: '1.08000',
      TargetPrice: '1.08000',
      // The price it waits on: the ask, for a buy.
      UpdatePrice: '1.08504',
      FactProfits: '0.000000',
      CautionMoney: '108.000000',
      TargetLossPrice: '1.07500',
    });
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '891.3', liveMargin: '108' });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const trader = await realTrader(t, '1000');
    const refused = (fields: Record<string, unknown>, lang?: string) =>
      expectNothingWritten(trader, () => submit(t, trader, { ...BUY, ...fields }, { lang }));
    expect(await refused({ cont: '-0.1' })).toBe('The lots must be greater than 0.');
    expect(await refused({ cont: '0' })).toBe('The lots must be greater than 0.');
    expect(await refused({ cont: '0.015' })).toBe('The lots must be a multiple of 0.01.');
    expect(await refused({ cont: '0.001' })).toBe('The lots must be at least 0.01.');
    expect(await refused({ cont: '51' })).toBe('The lots must be at most 50.');
    expect(await refused({ cont: 'lots' })).toBe('Please enter the lots as a number.');
    expect(await refused({ cont: '0.015' }, 'hk')).toBe('手數必須是 0.01 的倍數。');
    expect(await refused({ forex_id: 9999 })).toBe('This instrument does not exist.');
    expect(await refused({ multiple: 33 })).toBe(
      'Please choose one of the offered leverages: 50, 100, 200, 500.',
    );
    expect(await refused({ multiple: undefined })).toBe(
      'Please choose one of the offered leverages: 50, 100, 200, 500.',
    );
    expect(await refused({ type: 3 })).toBe('Please choose buy or sell.');
    expect(await refused({ status: 2 })).toBe('Please choose a market order or a pending order.');
    expect(await refused({ forex_id: 'x' })).toBe('Instrument must be a number.');
    // Stops on the wrong side: a buy's stop-loss below, its take-profit above both the open
    // price (ask 1.08504) and the price it would close at (bid 1.08496).
    expect(await refused({ stop_loss_price: '1.08500' })).toBe(
      'For a buy, the stop-loss must be below 1.08496.',
    );
    expect(await refused({ target_profit_price: '1.08500' })).toBe(
      'For a buy, the take-profit must be above 1.08504.',
    );
    expect(await refused({ type: 2, stop_loss_price: '1.08500' })).toBe(
      'For a sell, the stop-loss must be above 1.08504.',
    );
    expect(await refused({ type: 2, target_profit_price: '1.08500' })).toBe(
      'For a sell, the take-profit must be below 1.08496.',
    );
    expect(await refused({ stop_loss_price: '1.080001' })).toBe(
      'Stop-loss can have at most 5 decimal places.',
    );
    expect(await refused({ target_profit_price: '-1' })).toBe(
      'Take-profit cannot be negative (0 means none).',
    );
    expect(await refused({ stop_loss_price: 'low' })).toBe('Stop-loss must be a number.');
    // Pending targets on the wrong side of the price they wait on.
    expect(await refused({ status: 0, target_price: '1.08504' })).toBe(
      'For a pending buy, the target price must be below the current price 1.08504.',
    );
    expect(await refused({ status: 0, type: 2, target_price: '1.08400' })).toBe(
      'For a pending sell, the target price must be above the current price 1.08496.',
    );
    expect(await refused({ status: 0 })).toBe('Please enter the price.');
    expect(await refused({ status: 0, target_price: '1.0800001' })).toBe(
      'Target price can have at most 5 decimal places.',
    );
    expect(await refused({ status: 0, target_price: '1.08', stop_loss_price: '1.09' })).toBe(
      'For a buy, the stop-loss must be below 1.08000.',
    );
  });

  it('refuses an instrument without leverage options with the spec message, and a disabled one as unknown', async () => {
    const trader = await realTrader(t, '1000');
    await t.database.db.execute(`update instruments set leverages = '{}' where code = 'GBPUSD'`);
    await t.database.db.execute(`update instruments set enabled = false where code = 'AUDUSD'`);
    forgetTradingTerms(t.database.db);
    try {
      expect(await expectNothingWritten(trader, () => submit(t, trader, { ...BUY, forex_id: 2 }))).toBe(
        'No leverage multiplier is configured. Orders cannot be placed for now.',
      );
      expect(await expectNothingWritten(trader, () => submit(t, trader, { ...BUY, forex_id: 4 }))).toBe(
        'This instrument does not exist.',
      );
    } finally {
      await t.database.db.execute(
        `update instruments set leverages = '{50,100,200,500}' where code = 'GBPUSD'`,
      );
      await t.database.db.execute(`update instruments set enabled = true where code = 'AUDUSD'`);
      forgetTradingTerms(t.database.db);
    }
  });

  it('refuses every order while the market is closed (Saturday for forex), but crypto trades', async () => {
    const trader = await realTrader(t, '1000');
    const now = t.clock.now();
    t.clock.set(new Date('2026-11-21T12:00:00Z'));
    try {
      expect(await expectNothingWritten(trader, () => submit(t, trader, BUY))).toBe(
        'The market is closed. Orders can be placed and closed when it opens.',
      );
      expect(await expectNothingWritten(trader, () => submit(t, trader, BUY, { lang: 'jp' }))).toBe(
        '市場は閉まっています。取引開始後に注文・決済できます。',
      );
      const crypto = await submit(t, trader, {
        type: 1,
        status: 1,
        cont: '0.01',
        forex_id: 13,
        multiple: 10,
      });
      expect(crypto.code).toBe(1);
    } finally {
      t.clock.set(now);
    }
  });

  it('refuses an order the balance cannot cover, naming what it needs, and writes nothing', async () => {
    const trader = await realTrader(t, '109.20');
    expect(await expectNothingWritten(trader, () => submit(t, trader, BUY))).toBe(
      'Insufficient balance: this order needs 109.20 USDT for its margin and fee.',
    );
    const enough = await realTrader(t, BUY_COST);
    await opened(enough);
    expect((await checkBooks(t, enough.accountId)).balance).toBe('0');
  });

  it('answers a visitor with the session code', async () => {
    const answer = await call(t, 'POST', '/v1/api/forex/submit', BUY);
    expect(answer.code).toBe(999);
  });
});

describe('idempotency', () => {
  it('answers the original order for a repeated key, by header or by field, and opens no second one', async () => {
    const trader = await realTrader(t, '1000');
    const first = await submit(t, trader, BUY, { idempotencyKey: 'order-0001' });
    const books = await checkBooks(t, trader.accountId);
    const again = await submit(t, trader, { ...BUY, cont: '0.2' }, { idempotencyKey: 'order-0001' });
    expect(again.data?.Id).toBe(first.data?.Id);
    expect(again.data?.Quantity).toBe('0.1');
    const byField = await submit(t, trader, { ...BUY, idempotency_key: 'order-0001' });
    expect(byField.data?.Id).toBe(first.data?.Id);
    expect(await countOrders(t, trader.accountId)).toBe(1);
    expect(await checkBooks(t, trader.accountId)).toEqual(books);
    // Another key is another order; another user's same key is theirs alone.
    expect((await submit(t, trader, BUY, { idempotencyKey: 'order-0002' })).data?.Id).not.toBe(
      first.data?.Id,
    );
    const other = await realTrader(t, '1000');
    expect((await submit(t, other, BUY, { idempotencyKey: 'order-0001' })).data?.Id).not.toBe(first.data?.Id);
  });

  it('opens one order when the same key races itself', async () => {
    const trader = await realTrader(t, '1000');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submit(t, trader, BUY, { idempotencyKey: 'race-key-1' })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(8).fill(1));
    expect(new Set(answers.map((answer) => answer.data?.Id)).size).toBe(1);
    expect(await countOrders(t, trader.accountId)).toBe(1);
    expect((await checkBooks(t, trader.accountId)).liveMargin).toBe('108.504');
  });

  it('refuses a malformed key and writes nothing', async () => {
    const trader = await realTrader(t, '1000');
    for (const key of ['has space', 'x'.repeat(65)])
      expect(await expectNothingWritten(trader, () => submit(t, trader, BUY, { idempotencyKey: key }))).toBe(
        'The idempotency key must be 1 to 64 characters without spaces.',
      );
  });
});

describe('concurrency', () => {
  it('opens only what the balance covers when 20 submits race (9 of 109.204 fit in 1000)', async () => {
    const trader = await realTrader(t, '1000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(t, trader, BUY)));
    const accepted = answers.filter((answer) => answer.code === 1);
    const refused = answers.filter((answer) => answer.code === 0);
    expect(accepted).toHaveLength(9);
    expect(new Set(refused.map((answer) => answer.msg))).toEqual(
      new Set(['Insufficient balance: this order needs 109.20 USDT for its margin and fee.']),
    );
    expect(await countOrders(t, trader.accountId)).toBe(9);
    const books = await checkBooks(t, trader.accountId);
    expect(books.balance).toBe(toDecimal(1000).minus(toDecimal(BUY_COST).times(9)).toFixed());
    expect(books.liveMargin).toBe(toDecimal('108.504').times(9).toFixed());
  });
});

describe('open-order limit', () => {
  const MAX = LIMITS.openOrdersPerAccountMax;
  const LIMIT_MESSAGE = `You have the most open orders allowed (${MAX}). Close or cancel one first.`;
  const PENDING = { status: 0, target_price: '1.08000' };

  /** Opens `count` live orders, holdings and pending ones in turn. */
  async function openMany(trader: Trader, count: number): Promise<Order[]> {
    const orders: Order[] = [];
    for (let index = 0; index < count; index += 1)
      orders.push(await opened(trader, index % 2 ? PENDING : {}));
    return orders;
  }

  it('refuses the order past the limit of live ones and writes nothing; an ended one frees a place', async () => {
    const trader = await realTrader(t, '100000');
    const [first, second] = await openMany(trader, MAX);
    expect(await expectNothingWritten(trader, () => submit(t, trader, BUY))).toBe(LIMIT_MESSAGE);
    expect(await expectNothingWritten(trader, () => submit(t, trader, { ...BUY, ...PENDING }))).toBe(
      LIMIT_MESSAGE,
    );
    expect((await trade(t, trader, 'close', { id: first?.Id })).code).toBe(1);
    expect((await trade(t, trader, 'cancel_trade', { id: second?.Id })).code).toBe(1);
    await opened(trader);
    await opened(trader, PENDING);
    expect(await expectNothingWritten(trader, () => submit(t, trader, BUY))).toBe(LIMIT_MESSAGE);
    expect(await countOrders(t, trader.accountId)).toBe(MAX + 2);
  });

  it('opens exactly the places left when submits race at the limit', async () => {
    const trader = await realTrader(t, '100000');
    await openMany(trader, MAX - 3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(t, trader, BUY)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(3);
    expect(new Set(answers.filter((answer) => answer.code === 0).map((answer) => answer.msg))).toEqual(
      new Set([LIMIT_MESSAGE]),
    );
    expect(await countOrders(t, trader.accountId)).toBe(MAX);
    // checkBooks throws when the books do not balance.
    expect((await checkBooks(t, trader.accountId)).balance).not.toBe('100000');
  });
});

describe('POST /v1/api/forex/close', () => {
  it('closes at the bid: margin back as a pair, the loss of the spread booked once', async () => {
    const trader = await realTrader(t, '1000');
    const order = await opened(trader);
    const answer = await trade(t, trader, 'close', { id: order.Id });
    expect(answer.data).toMatchObject({
      Status: 3,
      State: 'closed',
      ClosePrice: '1.08496',
      UpdatePrice: '1.08496',
      FactProfits: '-0.800000',
      CloseReason: 'user',
    });
    // Closed at once: it cost the spread and the fee, nothing else.
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '998.5', liveMargin: '0' });
    expect((await trade(t, trader, 'close', { id: order.Id })).msg).toBe(
      'This order is already closed or cancelled.',
    );
  });

  it("refuses another user's order as not found, a pending order, and a closed market; writes nothing", async () => {
    const owner = await realTrader(t, '1000');
    const stranger = await realTrader(t, '1000');
    const order = await opened(owner);
    const pending = await submit(t, owner, { ...BUY, status: 0, target_price: '1.08000' });
    const refused = (who: Trader, id: number) =>
      expectNothingWritten(owner, () => trade(t, who, 'close', { id }));
    expect(await refused(stranger, order.Id)).toBe('This order does not exist.');
    expect(await refused(owner, 999_999)).toBe('This order does not exist.');
    expect(await refused(owner, pending.data?.Id ?? 0)).toBe(
      'This order has not opened yet. Cancel it instead.',
    );
    const now = t.clock.now();
    t.clock.set(new Date('2026-11-22T21:59:59Z'));
    try {
      expect(await refused(owner, order.Id)).toBe(
        'The market is closed. Orders can be placed and closed when it opens.',
      );
    } finally {
      t.clock.set(now);
    }
  });
});

describe('POST /v1/api/forex/cancel_trade', () => {
  it('cancels a pending order: margin and fee back, the balance whole again', async () => {
    const trader = await realTrader(t, '1000');
    const pending = await submit(t, trader, { ...BUY, status: 0, target_price: '1.08000' });
    const answer = await trade(t, trader, 'cancel_trade', { id: pending.data?.Id });
    expect(answer.data).toMatchObject({ Status: 2, State: 'cancelled', CloseReason: 'user' });
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '1000', liveMargin: '0' });
    expect((await trade(t, trader, 'cancel_trade', { id: pending.data?.Id })).msg).toBe(
      'This order is already closed or cancelled.',
    );
  });

  it("refuses another user's order and a holding one; writes nothing", async () => {
    const owner = await realTrader(t, '1000');
    const stranger = await realTrader(t, '1000');
    const pending = await submit(t, owner, { ...BUY, status: 0, target_price: '1.08000' });
    const holding = await opened(owner);
    expect(
      await expectNothingWritten(owner, () => trade(t, stranger, 'cancel_trade', { id: pending.data?.Id })),
    ).toBe('This order does not exist.');
    expect(await expectNothingWritten(owner, () => trade(t, owner, 'cancel_trade', { id: holding.Id }))).toBe(
      'This order has already opened. Close it instead.',
    );
  });
});

describe('POST /v1/api/forex/set_stop_price', () => {
  it('sets, changes, keeps and clears stops, and the engine follows', async () => {
    const trader = await realTrader(t, '1000');
    const order = await opened(trader);
    const triggers = () => t.app.engine.stats().triggers;
    const before = triggers();
    const set = await trade(t, trader, 'set_stop_price', {
      id: order.Id,
      stop_loss_price: '1.08000',
      target_profit_price: '1.09000',
    });
    expect(set.data).toMatchObject({ TargetLossPrice: '1.08000', TargetProfitPrice: '1.09000' });
    expect(triggers()).toBe(before + 2);
    // An absent field keeps its value.
    const changed = await trade(t, trader, 'set_stop_price', {
      id: order.Id,
      target_profit_price: '1.09500',
    });
    expect(changed.data).toMatchObject({ TargetLossPrice: '1.08000', TargetProfitPrice: '1.09500' });
    const cleared = await trade(t, trader, 'set_stop_price', {
      id: order.Id,
      stop_loss_price: 0,
      target_profit_price: '',
    });
    expect(cleared.data).toMatchObject({ TargetLossPrice: '0', TargetProfitPrice: '0' });
    expect(triggers()).toBe(before);
  });

  it("refuses the wrong side, another user's order and an ended order; writes nothing", async () => {
    const owner = await realTrader(t, '1000');
    const stranger = await realTrader(t, '1000');
    const order = await opened(owner, { stop_loss_price: '1.08000' });
    const refused = (who: Trader, fields: Record<string, unknown>) =>
      expectNothingWritten(owner, () => trade(t, who, 'set_stop_price', { id: order.Id, ...fields }));
    expect(await refused(owner, { stop_loss_price: '1.08600' })).toBe(
      'For a buy, the stop-loss must be below 1.08496.',
    );
    expect(await refused(owner, { target_profit_price: '1.08400' })).toBe(
      'For a buy, the take-profit must be above 1.08504.',
    );
    expect(await refused(stranger, { stop_loss_price: '1.07000' })).toBe('This order does not exist.');
    const stored = await listOf(owner, 1);
    expect(stored.data[0]?.TargetLossPrice).toBe('1.08000');
    await trade(t, owner, 'close', { id: order.Id });
    expect(await refused(owner, { stop_loss_price: '1.07000' })).toBe(
      'This order is already closed or cancelled.',
    );
  });

  it("changes a pending order's stops against its target", async () => {
    const trader = await realTrader(t, '1000');
    const pending = await submit(t, trader, { ...BUY, status: 0, target_price: '1.08000' });
    const id = pending.data?.Id;
    expect((await trade(t, trader, 'set_stop_price', { id, stop_loss_price: '1.07900' })).data).toMatchObject(
      {
        TargetLossPrice: '1.07900',
      },
    );
    expect((await trade(t, trader, 'set_stop_price', { id, stop_loss_price: '1.08100' })).msg).toBe(
      'For a buy, the stop-loss must be below 1.08000.',
    );
  });
});

describe('GET /v1/api/forex/my_deal', () => {
  it('answers each tab with its orders newest first, the whole tab total, the profit total and the balance', async () => {
    const trader = await realTrader(t, '2000');
    const first = await opened(trader);
    const second = await opened(trader, { type: 2, cont: '0.2' });
    const pending = await submit(t, trader, { ...BUY, status: 0, target_price: '1.08000' });
    const toClose = await opened(trader);
    await trade(t, trader, 'close', { id: toClose.Id });
    const toCancel = await submit(t, trader, { ...BUY, status: 0, target_price: '1.07000' });
    await trade(t, trader, 'cancel_trade', { id: toCancel.data?.Id });

    const holding = await listOf(trader, 1);
    expect(holding.data.map((order) => order.Id)).toEqual([second.Id, first.Id]);
    expect(holding.total).toBe(2);
    // Buy 0.1: -0.8; sell 0.2 at the bid, marked at the ask: -1.6.
    expect(holding.all_fact_profits).toBe('-2.400000');
    expect(holding.balance).toBe((await checkBooks(t, trader.accountId)).balance);

    const paged = await listOf(trader, 1, { page: 2, limit: 1 });
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, all_fact_profits: '-2.400000' });
    expect(paged.data.map((order) => order.Id)).toEqual([first.Id]);

    const dealing = await listOf(trader, 0);
    expect(dealing.data.map((order) => order.Id)).toEqual([pending.data?.Id]);
    expect(dealing.all_fact_profits).toBe('0.000000');

    const history = await listOf(trader, 3);
    expect(history.data.map((order) => [order.Id, order.State])).toEqual([
      [toCancel.data?.Id, 'cancelled'],
      [toClose.Id, 'closed'],
    ]);
    expect(history.all_fact_profits).toBe('-0.800000');
  });

  it('refuses an unknown tab', async () => {
    const trader = await realTrader(t, '0');
    const answer = await call(t, 'GET', '/v1/api/forex/my_deal', { status: 2 }, { token: trader.token });
    expect(answer.msg).toBe('Unknown order list: use 1 (holding), 0 (pending) or 3 (history).');
  });

  it('marks holdings at the live price', async () => {
    const trader = await demoTrader(t);
    const order = await opened(trader);
    const quote = await moveTo(t, EURUSD, '1.08600');
    const [view] = (await listOf(trader, 1)).data;
    expect(view?.UpdatePrice).toBe(quote.bid);
    expect(view?.FactProfits).toBe(toDecimal(quote.bid).minus('1.08504').times(10_000).toFixed(6));
    await moveTo(t, EURUSD, '1.08500');
    await trade(t, trader, 'close', { id: order.Id });
    expect(quoteOf(t, EURUSD).bid).toBe('1.08496');
  });
});
