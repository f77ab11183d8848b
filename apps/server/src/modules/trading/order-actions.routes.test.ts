import { toDecimal } from '@meridian/domain/money';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import {
  checkBooks,
  demoTrader,
  EURUSD,
  EURUSD_BUY,
  moveTo,
  orderCallsOn,
  quoteOf,
  realTrader,
  submit,
  type Trader,
  trade,
} from '../../../test/trading';

const t = useTradingApp();
const BUY = EURUSD_BUY;
const { listOf, opened, expectNothingWritten } = orderCallsOn(t);

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
