import type { CopySkipList, Follow } from '@meridian/contract/copy';
import type { BasicInfo } from '@meridian/contract/settings';
import type { StaffMe } from '@meridian/contract/staff';
import type { Order } from '@meridian/contract/trading';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import { followed, myFollows, optedIn } from '../../../test/copy';
import { allowRealTradingOnSimulatedPrices } from '../../../test/simulated-prices';
import { adminCall, staffSession } from '../../../test/staff';
import {
  checkBooks,
  countOrders,
  demoTrader,
  EURUSD_BUY,
  expectNothingWritten,
  realTrader,
  submit,
  type Trader,
  trade,
} from '../../../test/trading';

// With the simulator as the primary feed, a real account opens nothing (market or
// pending order, copy) unless staff set real_trading_on_simulated_prices to 1; demo accounts trade;
// closing, cancelling and changing stops stay allowed. The apps learn the source from the base
// settings (customer app) and /admin/api/me (back office).
const t = useTradingApp();

const REFUSAL_EN =
  'Real accounts cannot trade on simulated prices. Use a demo account to practise; you can still close your open positions.';
const REFUSAL_DE =
  'Echtgeldkonten können nicht zu simulierten Kursen handeln. Üben Sie mit einem Demokonto; offene Positionen können Sie weiterhin schließen.';
const PENDING_BUY = { ...EURUSD_BUY, status: 0, target_price: '1.08000' };

const allow = (allowed: boolean) => allowRealTradingOnSimulatedPrices(t.app, t.database.db, allowed);

// The test app allows it at its start (most tests trade real accounts for other reasons): these
// tests start from the installation's default, refused.
beforeEach(() => allow(false));

describe('the price source the apps read', () => {
  it('is simulated in the base settings and the back office’s /me with the simulator', async () => {
    const info = await call<BasicInfo>(t, 'GET', '/api/basicSet/getBasicInfo');
    expect(info.data.price_source).toBe('simulated');
    const admin = await staffSession(t, 'admin', 'Ada Admin');
    const me = await adminCall<StaffMe>(t, 'GET', '/admin/api/me', {}, admin.token);
    expect(me.data).toMatchObject({ role: 'admin', price_source: 'simulated' });
  });
});

describe('a real account on simulated prices', () => {
  it('is refused a market and a pending order by default, in its language, with nothing written', async () => {
    const trader = await realTrader(t, '1000');
    expect(await expectNothingWritten(t, trader, () => submit(t, trader, EURUSD_BUY))).toBe(REFUSAL_EN);
    expect(await expectNothingWritten(t, trader, () => submit(t, trader, PENDING_BUY))).toBe(REFUSAL_EN);
    expect(await expectNothingWritten(t, trader, () => submit(t, trader, EURUSD_BUY, { lang: 'de' }))).toBe(
      REFUSAL_DE,
    );
    // Not the session code (999), not success: the envelope's refusal.
    expect((await submit(t, trader, EURUSD_BUY)).code).toBe(0);
  });

  it('opens orders once staff allow it, and the next order is refused again when they stop', async () => {
    const trader = await realTrader(t, '1000');
    await allow(true);
    const market = await submit(t, trader, EURUSD_BUY);
    expect(market).toMatchObject({ code: 1, msg: 'Success' });
    const pending = await submit(t, trader, PENDING_BUY);
    expect(pending).toMatchObject({ code: 1, msg: 'Success' });
    await allow(false);
    expect((await submit(t, trader, EURUSD_BUY)).msg).toBe(REFUSAL_EN);
    expect(await countOrders(t, trader.accountId)).toBe(2);
    await checkBooks(t, trader.accountId);
  });

  it('can always leave: close a position, change its stops and cancel a pending order', async () => {
    const trader = await realTrader(t, '1000');
    await allow(true);
    const position = (await submit(t, trader, EURUSD_BUY)).data;
    const pending = (await submit(t, trader, PENDING_BUY)).data;
    await allow(false);
    const stops = await trade(t, trader, 'set_stop_price', { id: position.Id, stop_loss_price: '1.08000' });
    expect(stops).toMatchObject({ code: 1, data: { TargetLossPrice: '1.08000' } });
    const pendingStops = await trade(t, trader, 'set_stop_price', {
      id: pending.Id,
      target_profit_price: '1.09000',
    });
    expect(pendingStops.code).toBe(1);
    expect((await trade(t, trader, 'cancel_trade', { id: pending.Id })).code).toBe(1);
    const closed = await trade<Order>(t, trader, 'close', { id: position.Id });
    expect(closed.code).toBe(1);
    expect(closed.data.Status).toBe(3);
    await checkBooks(t, trader.accountId);
  });
});

describe('a demo account on simulated prices', () => {
  it('trades as before whatever the setting', async () => {
    const trader = await demoTrader(t);
    expect(await submit(t, trader, EURUSD_BUY)).toMatchObject({ code: 1, msg: 'Success' });
    expect(await submit(t, trader, PENDING_BUY)).toMatchObject({ code: 1, msg: 'Success' });
  });
});

describe('copy trading on simulated prices', () => {
  it('skips the copy onto a real follower’s account, recorded with its reason; a demo follower’s opens', async () => {
    const trader = await demoTrader(t);
    const traderId = await optedIn(t, trader);
    const real = await realTrader(t, '1000');
    const demo = await demoTrader(t);
    await followed(t, real, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    await followed(t, demo, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    const source = await submit(t, trader, EURUSD_BUY);
    expect(source.code).toBe(1);
    await t.app.copyTrading.idle();
    expect(await countOrders(t, real.accountId)).toBe(0);
    await checkBooks(t, real.accountId);
    expect(await countOrders(t, demo.accountId)).toBe(1);
    const follow = (await myFollows(t, real))[0] as Follow;
    expect(follow.skipped).toBe(1);
    const skips = await call<CopySkipList>(
      t,
      'GET',
      '/api/follow/skips',
      { id: follow.id },
      { token: real.token },
    );
    expect(skips.data).toEqual([
      expect.objectContaining({
        source_order_id: source.data.Id,
        reason_key: 'copy.skip_simulated_prices',
        reason: 'Not copied: real accounts cannot trade on simulated prices.',
      }),
    ]);
    // The sweep (as after a crash) writes no copy and no second skip.
    await t.app.copyTrading.sweep();
    expect(await countOrders(t, real.accountId)).toBe(0);
    expect(((await myFollows(t, real))[0] as Follow).skipped).toBe(1);
  });

  it('copies onto a real follower’s account once staff allow it', async () => {
    await allow(true);
    const trader = await demoTrader(t);
    const traderId = await optedIn(t, trader);
    const real: Trader = await realTrader(t, '1000');
    await followed(t, real, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    expect((await submit(t, trader, EURUSD_BUY)).code).toBe(1);
    await t.app.copyTrading.idle();
    expect(await countOrders(t, real.accountId)).toBe(1);
    await checkBooks(t, real.accountId);
  });
});
