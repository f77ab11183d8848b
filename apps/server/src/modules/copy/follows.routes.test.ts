import type { Follow, TraderProfile } from '@meridian/contract/copy';
import type { Order } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import { copyCallsOn } from '../../../test/copy';
import { checkBooks, demoTrader, EURUSD, moveTo, trade } from '../../../test/trading';

const t = useTradingApp();
const { optedIn, followed, opened, copiesOf, myFollows } = copyCallsOn(t);

describe('the copy stop-loss', () => {
  it('stops copying and closes the copies once the loss reaches the percentage of the amount', async () => {
    await moveTo(t, EURUSD, '1.08500');
    const trader = await demoTrader(t);
    const traderId = await optedIn(trader);
    const follower = await demoTrader(t);
    // 1 lot copy; the amount 1,000 with a 10 % stop: a loss of 100 USDT (fee included) stops it.
    const follow = await followed(follower, {
      trader_id: traderId,
      mode: 1,
      ratio: '10',
      amount: '1000',
      stop_loss_percent: '10',
    });
    const source = await opened(trader);
    await t.app.copyTrading.sweep();
    expect(((await myFollows(follower))[0] as Follow).state).toBe('active');
    // 1 lot = 100,000 units: 0.0009 down loses 90 + the 7 fee + the spread: past 100.
    await moveTo(t, EURUSD, '1.08410');
    await t.app.copyTrading.sweep();
    const stopped = (await myFollows(follower))[0] as Follow;
    expect(stopped).toMatchObject({
      id: follow.id,
      state: 'stopped',
      stop_reason: 'copy_stop_loss',
      open_copies: 0,
    });
    expect(toDecimal(stopped.result).lte(-100)).toBe(true);
    expect((await copiesOf(follower, 3)).data[0]?.CloseReason).toBe('copy_stopped');
    await trade(t, trader, 'close', { id: source.Id });
    await checkBooks(t, follower.accountId);
    await moveTo(t, EURUSD, '1.08500');
  });
});

describe('ownership', () => {
  it("refuses to read or change another user's follow", async () => {
    const trader = await demoTrader(t);
    const traderId = await optedIn(trader);
    const owner = await demoTrader(t);
    const stranger = await demoTrader(t);
    const follow = await followed(owner, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    for (const [path, fields] of [
      ['/api/follow/pause', { id: follow.id }],
      ['/api/follow/resume', { id: follow.id }],
      ['/api/follow/stop', { id: follow.id, close_copies: 1 }],
      ['/api/follow/update', { id: follow.id, mode: 1, ratio: '2', amount: '100' }],
    ] as const) {
      const answer = await call(t, 'POST', path, fields, { token: stranger.token });
      expect(answer.msg, path).toBe('This follow could not be found.');
    }
    const skips = await call(t, 'GET', '/api/follow/skips', { id: follow.id }, { token: stranger.token });
    expect(skips.msg).toBe('This follow could not be found.');
    expect(await myFollows(stranger)).toEqual([]);
    const profile = await call<TraderProfile>(
      t,
      'GET',
      '/api/follow/trader',
      { id: traderId },
      { token: stranger.token },
    );
    expect(profile.data.my_follow).toBeNull();
    const own = await call<TraderProfile>(
      t,
      'GET',
      '/api/follow/trader',
      { id: traderId },
      { token: owner.token },
    );
    expect(own.data.my_follow).toMatchObject({ id: follow.id, state: 'active', ratio: '1', amount: '100' });
    const anonymous = await call<TraderProfile>(t, 'GET', '/api/follow/trader', { id: traderId });
    expect(anonymous.data).toMatchObject({ my_follow: null, is_me: 0 });
    const mine = await call<TraderProfile>(
      t,
      'GET',
      '/api/follow/trader',
      { id: traderId },
      { token: trader.token },
    );
    expect(mine.data.is_me).toBe(1);
  });

  it('needs a session for every follow call', async () => {
    for (const path of ['/api/follow/my_follows', '/api/follow/copy_orders', '/api/follow/my_trader']) {
      expect((await call(t, 'GET', path)).code, path).toBe(999);
    }
    expect(
      (await call(t, 'POST', '/api/follow/follow', { trader_id: 1, mode: 1, ratio: '1', amount: '100' }))
        .code,
    ).toBe(999);
  });
});

describe('statistics', () => {
  it('ranks traders by their closed orders and answers a profile with its curve', async () => {
    const winner = await demoTrader(t);
    const winnerId = await optedIn(winner);
    const order = await opened(winner);
    await moveTo(t, EURUSD, '1.08700');
    await trade(t, winner, 'close', { id: order.Id });
    await moveTo(t, EURUSD, '1.08500');
    const fan = await demoTrader(t);
    await followed(fan, { trader_id: winnerId, mode: 1, ratio: '1', amount: '100' });
    // The ranking is cached for a few seconds per process; a profile computes fresh for its trader.
    const profile = await call<TraderProfile>(t, 'GET', '/api/follow/trader', { id: winnerId });
    const closed = (await call<Order>(
      t,
      'GET',
      '/v1/api/forex/my_deal',
      { status: 3 },
      { token: winner.token },
    )) as unknown as {
      data: { data: Order[] };
    };
    const net = toDecimal(closed.data.data[0]?.FactProfits ?? '0').minus(
      closed.data.data[0]?.TradeFee ?? '0',
    );
    expect(net.gt(0)).toBe(true);
    expect(profile.data.recent).toHaveLength(1);
    expect(toDecimal(profile.data.recent[0]?.NetProfit ?? '0').equals(net)).toBe(true);
    expect(profile.data.curve.map((point) => point.equity)).toEqual(
      [toDecimal('100000').toFixed(8), toDecimal('100000').plus(net).toFixed(8)]
        .map((value) => toDecimal(value).toFixed())
        .map((value) => expect.stringMatching(new RegExp(`^${value.replace('.', '\\.')}0*$`))),
    );
    expect(profile.data.trader).toMatchObject({
      total_trade_num: 1,
      three_week_trade_num: 1,
      three_week_win: '100.00',
      multiple: 100,
      code: 'EUR/USD',
    });
    expect(toDecimal(profile.data.trader.three_week_rate ?? '0').gt(0)).toBe(true);
  });
});
