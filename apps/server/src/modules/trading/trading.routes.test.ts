import type { Order } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import {
  checkBooks,
  countOrders,
  EURUSD,
  EURUSD_BUY,
  EURUSD_BUY_COST,
  orderCallsOn,
  realTrader,
  submit,
  type Trader,
  trade,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';

const t = useTradingApp();
const BUY = EURUSD_BUY;
const BUY_COST = EURUSD_BUY_COST;
const { opened, expectNothingWritten } = orderCallsOn(t);

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
    expect(await refused({ forex_id: 'x' })).toBe('Instrument must be a positive whole number.');
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
    await t.app.market.refreshTerms();
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
      await t.app.market.refreshTerms();
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
  const MAX = SERVER_LIMITS.openOrdersPerAccountMax;
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
