import type {
  BalanceAnswer,
  DemoResetAnswer,
  ForexDetail,
  LedgerPage,
  OrderList,
} from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import {
  checkBooks,
  countEntries,
  countOrders,
  demoTrader,
  EURUSD,
  EURUSD_BUY,
  moveTo,
  realTrader,
  submit,
  type Trader,
  trade,
} from '../../../test/trading';

const t = useTradingApp();
const BUY = EURUSD_BUY;

function get<T>(trader: Trader, path: string, fields: Record<string, unknown> = {}, lang = 'en') {
  return call<T>(t, 'GET', path, fields, { token: trader.token, lang });
}

describe('GET /v1/api/main/wallet/getBalance and /v1/api/main/account/forexDetail', () => {
  it('answers the available balance, and the account figures marked at the live price', async () => {
    const trader = await realTrader(t, '1000');
    expect((await get<BalanceAnswer>(trader, '/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '1000',
    });
    await submit(t, trader, BUY);
    await submit(t, trader, { ...BUY, status: 0, target_price: '1.08000' });
    expect((await get<BalanceAnswer>(trader, '/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '782.096',
    });
    const detail = await get<ForexDetail>(trader, '/v1/api/main/account/forexDetail');
    // Net value = 782.096 + 108.504 (position margin) - 0.8 (floating); the pending order's 108
    // of margin is outside it. Risk rate = 889.8 / 108.504 x 100, rounded down.
    expect(detail.data).toEqual({
      balance: '782.096',
      lock_balance: '0',
      margin: '108.504',
      pending_margin: '108',
      floating_profit: '-0.800000',
      net_value: '889.8',
      risk_rate: '820.06',
      stop_out_level: '50',
      currency: 'USDT',
      is_demo: 0,
    });
    const empty = await realTrader(t, '5');
    expect((await get<ForexDetail>(empty, '/v1/api/main/account/forexDetail')).data).toMatchObject({
      margin: '0',
      net_value: '5',
      risk_rate: null,
    });
  });
});

describe('GET /v1/api/main/accountLog/forexChange', () => {
  it("pages the available balance's entries newest first, in the reader's language", async () => {
    const trader = await realTrader(t, '1000');
    const order = await submit(t, trader, BUY);
    await trade(t, trader, 'close', { id: order.data?.Id });
    const page = await get<LedgerPage>(
      trader,
      '/v1/api/main/accountLog/forexChange',
      { page: 1, limit: 3 },
      'hk',
    );
    expect(page.data?.total).toBe(5);
    expect(page.data?.list.map((line) => [line.Kind, line.Value, line.MemoTran, line.BalanceAfter])).toEqual([
      ['realized_pnl', '-0.8', '已實現盈虧', '998.5'],
      ['margin_release', '108.504', '釋放保證金', '999.3'],
      ['trade_fee', '-0.7', '交易手續費', '890.796'],
    ]);
    expect(page.data?.list[0]).toMatchObject({
      OrderId: order.data?.Id,
      CreatedAtTran: '2026-11-18 12:00:00',
    });
    const last = await get<LedgerPage>(trader, '/v1/api/main/accountLog/forexChange', { page: 2, limit: 3 });
    expect(last.data?.list.map((line) => [line.Kind, line.MemoTran])).toEqual([
      ['margin_reserve', 'Margin reserved'],
      ['deposit', 'Deposit'],
    ]);
  });
});

describe('GET /v1/api/main/user/resetForexDemoAccount', () => {
  it('closes every position, cancels every pending order and restores the virtual balance, in the ledger', async () => {
    const trader = await demoTrader(t);
    await submit(t, trader, BUY);
    await submit(t, trader, { ...BUY, type: 2, cont: '1' });
    await submit(t, trader, { ...BUY, status: 0, target_price: '1.08000' });
    await moveTo(t, EURUSD, '1.08700');
    const answer = await get<DemoResetAnswer>(trader, '/v1/api/main/user/resetForexDemoAccount');
    expect(answer.data).toEqual({ balance: '100000', closed: 2, cancelled: 1 });
    expect(await checkBooks(t, trader.accountId)).toMatchObject({ balance: '100000', liveMargin: '0' });
    const history = await get<OrderList>(trader, '/v1/api/forex/my_deal', { status: 3 });
    expect(history.data?.data.map((order) => [order.State, order.CloseReason])).toEqual([
      ['cancelled', 'demo_reset'],
      ['closed', 'demo_reset'],
      ['closed', 'demo_reset'],
    ]);
    const kinds = (await get<LedgerPage>(trader, '/v1/api/main/accountLog/forexChange', { limit: 2 })).data
      ?.list;
    expect(kinds?.[0]).toMatchObject({
      Kind: 'demo_reset',
      BalanceAfter: '100000',
      MemoTran: 'Demo account reset',
    });
    // Nothing left to reset but the balance, which is already whole: no entry at all.
    const entries = await countEntries(t, trader.accountId);
    expect((await get<DemoResetAnswer>(trader, '/v1/api/main/user/resetForexDemoAccount')).data).toEqual({
      balance: '100000',
      closed: 0,
      cancelled: 0,
    });
    expect(await countEntries(t, trader.accountId)).toBe(entries);
    await moveTo(t, EURUSD, '1.08500');
  });

  it('refuses a real account and writes nothing', async () => {
    const trader = await realTrader(t, '1000');
    await submit(t, trader, BUY);
    const orders = await countOrders(t, trader.accountId);
    const entries = await countEntries(t, trader.accountId);
    const answer = await get(trader, '/v1/api/main/user/resetForexDemoAccount');
    expect(answer).toEqual({ code: 0, msg: 'Only a demo account can be reset.', data: null });
    expect(await countOrders(t, trader.accountId)).toBe(orders);
    expect(await countEntries(t, trader.accountId)).toBe(entries);
  });

  it('answers a visitor with the session code on every account call', async () => {
    for (const path of [
      '/v1/api/main/wallet/getBalance',
      '/v1/api/main/account/forexDetail',
      '/v1/api/main/accountLog/forexChange',
      '/v1/api/main/user/resetForexDemoAccount',
      '/v1/api/forex/my_deal',
    ])
      expect((await call(t, 'GET', path, { status: 1 })).code).toBe(999);
  });
});
