import type { OrderList } from '@meridian/contract/trading';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../../test/accounts';
import { useTradingApp } from '../../../../test/app-hooks';
import { serviceContext } from '../../../../test/staff';
import {
  checkBooks,
  EURUSD,
  midForAsk,
  midForBid,
  moveTo,
  openedOrder,
  realTrader,
  type Trader,
  type TradingApp,
  trade,
} from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';
import type { DomainEvents } from '../../../events';
import { TradingEngine } from './engine';

const SPREAD = '0.00004';
const toBid = (bid: string) => midForBid(bid, SPREAD, 5);
const toAsk = (ask: string) => midForAsk(ask, SPREAD, 5);

const t = useTradingApp({ midsBefore: 'eachTest' });
/**
 * The engine 'start' builds in place of the app's (a stopped engine stays stopped): it runs on the
 * app's market and events, so the tests that run after that one, in whatever order, find an engine.
 */
let restarted: TradingEngine | undefined;
const engineOf = (app: TradingApp) => restarted ?? app.app.engine;
const closes: DomainEvents['order.closed'][] = [];
beforeAll(() => {
  t.app.events.on('order.closed', (event) => closes.push(event));
});
afterAll(async () => {
  await restarted?.stop();
});
beforeEach(() => {
  closes.length = 0;
});

const place = (trader: Trader, fields: Record<string, unknown>) => openedOrder(t, trader, fields);

async function stored(orderId: number) {
  const result = await t.database.db.execute(
    `select status, open_price::text as open, close_price::text as close, realised_profit::text as profit, close_reason as reason from orders where id = ${orderId}`,
  );
  return rowsOf<{
    status: string;
    open: string | null;
    close: string | null;
    profit: string | null;
    reason: string | null;
  }>(result)[0];
}

/** Pending and holding orders of every account in the file's database (other tests' included). */
async function liveOrdersStored(): Promise<number> {
  const result = await t.database.db.execute(
    `select count(*)::int as count from orders where status in ('pending', 'holding')`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count);
}

async function entriesOf(orderId: number): Promise<string[]> {
  const result = await t.database.db.execute(
    `select kind || ':' || bucket || ':' || (amount::numeric)::text as entry from ledger_entries where order_id = ${orderId} order by id`,
  );
  return rowsOf<{ entry: string }>(result).map((row) => row.entry.replace(/\.?0+$/, ''));
}

describe('pending orders', () => {
  it('fill at the target when the ask reaches it (a tick above does not), once, and their stops rest', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader, { status: 0, target_price: '1.08400', stop_loss_price: '1.08000' });
    await moveTo(t, EURUSD, toAsk('1.08401'));
    expect((await stored(order.Id))?.status).toBe('pending');
    await moveTo(t, EURUSD, toAsk('1.08400'));
    expect(await stored(order.Id)).toMatchObject({ status: 'holding', open: '1.08400000' });
    // No money moved at the fill: margin and fee were taken at placement.
    expect(await entriesOf(order.Id)).toEqual([
      'margin_reserve:balance:-108.4',
      'margin_reserve:margin:108.4',
      'trade_fee:balance:-0.7',
    ]);
    expect(engineOf(t).stats().triggers).toBeGreaterThanOrEqual(1);
    await moveTo(t, EURUSD, toAsk('1.08300'));
    expect((await stored(order.Id))?.status).toBe('holding');
    await checkBooks(t, trader.accountId);
  });

  it("fill a sell at its target when the bid reaches it, and close at once when the same tick crosses the fill's own stop", async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader, {
      type: 2,
      status: 0,
      target_price: '1.08600',
      stop_loss_price: '1.08650',
    });
    await moveTo(t, EURUSD, toBid('1.08599'));
    expect((await stored(order.Id))?.status).toBe('pending');
    // One jump past both: filled at the target, then stopped out at its stop-loss in the same tick.
    await moveTo(t, EURUSD, toBid('1.08700'));
    expect(await stored(order.Id)).toMatchObject({
      status: 'closed',
      open: '1.08600000',
      close: '1.08650000',
      profit: '-5.00000000',
      reason: 'stop_loss',
    });
    expect(closes.filter((event) => event.order.id === order.Id)).toHaveLength(1);
    await checkBooks(t, trader.accountId);
  });
});

describe('stop-loss and take-profit', () => {
  it('close a buy at its stop-loss price when the bid reaches it, exactly once', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader, { stop_loss_price: '1.08300', target_profit_price: '1.08900' });
    await moveTo(t, EURUSD, toBid('1.08301'));
    expect((await stored(order.Id))?.status).toBe('holding');
    await moveTo(t, EURUSD, toBid('1.08300'));
    // (1.08300 - 1.08504) x 0.1 x 100000 = -20.4, at the stop-loss price itself.
    expect(await stored(order.Id)).toMatchObject({
      status: 'closed',
      close: '1.08300000',
      profit: '-20.40000000',
      reason: 'stop_loss',
    });
    await moveTo(t, EURUSD, toBid('1.08200'));
    await moveTo(t, EURUSD, toBid('1.09000'));
    expect(closes.filter((event) => event.order.id === order.Id)).toHaveLength(1);
    expect(await entriesOf(order.Id)).toEqual([
      'margin_reserve:balance:-108.504',
      'margin_reserve:margin:108.504',
      'trade_fee:balance:-0.7',
      'margin_release:balance:108.504',
      'margin_release:margin:-108.504',
      'realized_pnl:balance:-20.4',
    ]);
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '978.9', liveMargin: '0' });
  });

  it('close a sell at its take-profit when the ask falls to it', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader, { type: 2, target_profit_price: '1.08400' });
    await moveTo(t, EURUSD, toAsk('1.08401'));
    expect((await stored(order.Id))?.status).toBe('holding');
    await moveTo(t, EURUSD, toAsk('1.08400'));
    // Sold at the bid 1.08496, bought back at 1.08400: +9.6.
    expect(await stored(order.Id)).toMatchObject({
      status: 'closed',
      profit: '9.60000000',
      reason: 'take_profit',
    });
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '1008.9' });
  });

  it('close once when the owner closes while the tick crosses the take-profit', async () => {
    const trader = await realTrader(t, '5000');
    for (let round = 0; round < 10; round += 1) {
      await moveTo(t, EURUSD, '1.08500');
      const order = await place(trader, { target_profit_price: '1.08600' });
      t.feed.set(EURUSD, toBid('1.08610'));
      const [closed] = await Promise.all([trade(t, trader, 'close', { id: order.Id }), t.app.market.tick()]);
      expect([1, 0]).toContain(closed.code);
      if (closed.code === 0) expect(closed.msg).toBe('This order is already closed or cancelled.');
      const row = await stored(order.Id);
      expect(row?.status).toBe('closed');
      expect(row?.reason).toBe(closed.code === 1 ? 'user' : 'take_profit');
      expect(closes.filter((event) => event.order.id === order.Id)).toHaveLength(1);
      const entries = await entriesOf(order.Id);
      expect(entries.filter((entry) => entry.startsWith('margin_release'))).toHaveLength(2);
      expect(entries.filter((entry) => entry.startsWith('realized_pnl'))).toHaveLength(1);
    }
    await checkBooks(t, trader.accountId);
  });
});

describe('stop-out', () => {
  // Buy 1 lot at leverage 500 at the ask 1.08504: margin 217.008, fee 7. With 299.504 deposited the
  // balance is 75.496 and net value 292.504 + (bid - 1.08504) x 100000: exactly 50 % of the margin
  // (108.504) at the bid 1.08320.
  const LEVERAGED = { cont: '1', multiple: 500 };

  it('closes at exactly the stop-out level, not one tick above it', async () => {
    const trader = await realTrader(t, '299.504');
    const order = await place(trader, LEVERAGED);
    await moveTo(t, EURUSD, toBid('1.08321'));
    expect((await stored(order.Id))?.status).toBe('holding');
    const detail = await call<{ risk_rate: string }>(
      t,
      'GET',
      '/v1/api/main/account/forexDetail',
      {},
      {
        token: trader.token,
      },
    );
    expect(detail.data.risk_rate).toBe('50.46');
    await moveTo(t, EURUSD, toBid('1.08320'));
    expect(await stored(order.Id)).toMatchObject({
      status: 'closed',
      close: '1.08320000',
      profit: '-184.00000000',
      reason: 'stop_out',
    });
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '108.504', liveMargin: '0' });
    expect(closes.filter((event) => event.order.id === order.Id)).toHaveLength(1);
  });

  it('closes the largest loss first and stops once the rate is above the level', async () => {
    const trader = await realTrader(t, '400');
    const big = await place(trader, LEVERAGED);
    const small = await place(trader, { cont: '0.1', multiple: 500 });
    // Net value 392.3 + (bid - 1.08504) x 110000, margin 238.7088: at the bid 1.08255 it is 118.4,
    // below half the margin; closing the 1-lot position (loss 249) leaves 118.4 on 21.7008.
    await moveTo(t, EURUSD, toBid('1.08255'));
    expect((await stored(big.Id))?.reason).toBe('stop_out');
    expect((await stored(small.Id))?.status).toBe('holding');
    await checkBooks(t, trader.accountId);
    await trade(t, trader, 'close', { id: small.Id });
  });

  it('protects a negative balance: a gap past the margin leaves the balance at zero, by one entry', async () => {
    const trader = await realTrader(t, '299.504');
    const order = await place(trader, LEVERAGED);
    await moveTo(t, EURUSD, toBid('1.07000'));
    // Loss (1.07 - 1.08504) x 100000 = -1504 against 75.496 + 217.008: 1211.496 forgiven.
    expect(await stored(order.Id)).toMatchObject({
      status: 'closed',
      profit: '-1504.00000000',
      reason: 'stop_out',
    });
    expect((await entriesOf(order.Id)).slice(3)).toEqual([
      'margin_release:balance:217.008',
      'margin_release:margin:-217.008',
      'negative_balance_reset:balance:1211.496',
      'realized_pnl:balance:-1504',
    ]);
    expect(await checkBooks(t, trader.accountId)).toMatchObject({
      balance: '0',
      liveMargin: '0',
      entries: '0',
    });
  });
});

describe('start', () => {
  it('rebuilds its index and figures from the database, and fires from them', async () => {
    const trader = await realTrader(t, '1000');
    await engineOf(t).stop();
    // Other tests' live orders stay in the shared database: the new engine must load those too.
    const before = await liveOrdersStored();
    // Placed while no engine runs: only the database knows.
    const pending = await place(trader, { status: 0, target_price: '1.08400' });
    const holding = await place(trader, { stop_loss_price: '1.08300' });
    expect(await liveOrdersStored()).toBe(before + 2);
    const engine = new TradingEngine(serviceContext(t), t.app.log, { autoStart: false });
    restarted = engine;
    await engine.start();
    expect(engine.isActive).toBe(true);
    expect(engine.stats()).toMatchObject({ liveOrders: before + 2 });
    await moveTo(t, EURUSD, toBid('1.08300'));
    expect((await stored(pending.Id))?.status).toBe('holding');
    expect(await stored(holding.Id)).toMatchObject({ status: 'closed', reason: 'stop_loss' });
    const list = await call<OrderList>(
      t,
      'GET',
      '/v1/api/forex/my_deal',
      { status: 3 },
      { token: trader.token },
    );
    expect(list.data.total).toBe(1);
  });
});
