import type {
  CopyOrderList,
  CopySkipList,
  Follow,
  FollowList,
  MyTrader,
  RankingList,
  StopFollowAnswer,
  TraderProfile,
} from '@meridian/contract/copy';
import type { Order } from '@meridian/contract/trading';
import { toDecimal } from '@meridian/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import {
  checkBooks,
  countOrders,
  createTradingApp,
  demoTrader,
  EURUSD,
  moveTo,
  realTrader,
  submit,
  type Trader,
  type TradingApp,
  trade,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  await moveTo(t, EURUSD, '1.08500');
});
afterAll(async () => {
  await t.close();
});

/** A market buy of 0.1 lot EURUSD at leverage 100. */
const BUY = { type: 1, status: 1, cont: '0.1', forex_id: EURUSD, multiple: 100 };

let names = 0;
async function optedIn(trader: Trader): Promise<number> {
  names += 1;
  const answer = await call<MyTrader>(
    t,
    'POST',
    '/api/follow/opt_in',
    { display_name: `Trader ${names}` },
    {
      token: trader.token,
    },
  );
  expect(answer.msg).toBe('Success');
  return answer.data?.trader_id as number;
}

async function follows(follower: Trader, fields: Record<string, unknown>) {
  return call<Follow>(t, 'POST', '/api/follow/follow', fields, { token: follower.token });
}

async function followed(follower: Trader, fields: Record<string, unknown>): Promise<Follow> {
  const answer = await follows(follower, fields);
  expect(answer.msg).toBe('Success');
  return answer.data;
}

async function opened(trader: Trader, fields: Record<string, unknown> = {}): Promise<Order> {
  const answer = await submit(t, trader, { ...BUY, ...fields });
  expect(answer.msg).toBe('Success');
  await t.app.copyTrading.idle();
  return answer.data;
}

async function copiesOf(follower: Trader, status?: 1 | 3): Promise<CopyOrderList> {
  const fields = status === undefined ? {} : { status };
  const answer = await call<CopyOrderList>(t, 'GET', '/api/follow/copy_orders', fields, {
    token: follower.token,
  });
  expect(answer.code).toBe(1);
  return answer.data;
}

async function copiesOfSource(sourceId: number) {
  const result = await t.database.db.execute(
    `select id, user_id, lots, status, close_reason from orders where source_order_id = ${Number(sourceId)} order by id`,
  );
  return rowsOf<{ id: number; user_id: number; lots: string; status: string; close_reason: string | null }>(
    result,
  );
}

async function myFollows(follower: Trader): Promise<FollowList> {
  return (await call<FollowList>(t, 'GET', '/api/follow/my_follows', {}, { token: follower.token })).data;
}

describe('traders', () => {
  it('opts in with a unique name, shows in the ranking, and refuses following oneself', async () => {
    const trader = await demoTrader(t);
    const traderId = await optedIn(trader);
    const twin = await demoTrader(t);
    const taken = await call(
      t,
      'POST',
      '/api/follow/opt_in',
      { display_name: `trader ${names}` },
      { token: twin.token },
    );
    expect(taken.msg).toBe('This display name is taken. Please choose another.');
    const ranking = await call<RankingList>(t, 'GET', '/api/follow/list');
    const entry = ranking.data.find((item) => item.trader_id === traderId);
    expect(entry).toMatchObject({
      user: `Trader ${names}`,
      is_demo: 1,
      total_trade_num: 0,
      three_week_rate: null,
    });
    const self = await follows(trader, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    expect(self.msg).toBe('You cannot follow yourself.');
  });

  it('refuses an unknown trader and bad settings, writing nothing', async () => {
    const trader = await demoTrader(t);
    const traderId = await optedIn(trader);
    const follower = await demoTrader(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ trader_id: 999_999, mode: 1, ratio: '1', amount: '100' }, 'This trader could not be found.'],
      [{ trader_id: traderId, mode: 1, amount: '100' }, 'Please enter the ratio.'],
      [
        { trader_id: traderId, mode: 1, ratio: '101', amount: '100' },
        'The ratio must be between 0.01 and 100.',
      ],
      [{ trader_id: traderId, mode: 2, amount: '9.99' }, 'The amount must be between 10 and 10000000 USDT.'],
      [
        { trader_id: traderId, mode: 2, amount: '100', stop_loss_percent: '100.5' },
        'The copy stop-loss must be between 0 and 100%.',
      ],
      [
        { trader_id: traderId, mode: 2, amount: '1.234' },
        'The amount must be a number with at most 2 decimal places.',
      ],
      [{ trader_id: traderId, mode: 3, amount: '100' }, 'Please choose ratio or amount.'],
    ];
    for (const [fields, message] of cases) {
      const answer = await follows(follower, fields);
      expect(answer.code, message).toBe(0);
      expect(answer.msg).toContain(message);
    }
    expect(await myFollows(follower)).toEqual([]);
  });
});

describe('mirroring', () => {
  let trader: Trader;
  let traderId: number;
  const followers: Record<string, Trader> = {};

  beforeAll(async () => {
    trader = await demoTrader(t);
    traderId = await optedIn(trader);
    for (const name of ['ratio', 'amount', 'paused', 'poor', 'tiny']) followers[name] = await demoTrader(t);
    followers.poor = await realTrader(t, '1');
    await followed(followers.ratio as Trader, { trader_id: traderId, mode: 1, ratio: '0.5', amount: '1000' });
    // Amount mode: 10,000 of the trader's 100,000 equity -> a tenth of the lots.
    await followed(followers.amount as Trader, { trader_id: traderId, mode: 2, amount: '10000' });
    const paused = await followed(followers.paused as Trader, {
      trader_id: traderId,
      mode: 1,
      ratio: '1',
      amount: '1000',
    });
    await call(
      t,
      'POST',
      '/api/follow/pause',
      { id: paused.id },
      { token: (followers.paused as Trader).token },
    );
    await followed(followers.poor as Trader, { trader_id: traderId, mode: 1, ratio: '1', amount: '100' });
    await followed(followers.tiny as Trader, { trader_id: traderId, mode: 1, ratio: '0.05', amount: '100' });
  });

  it("opens each active follower's copy once with the scaled lots, and records why others were skipped", async () => {
    const source = await opened(trader);
    const copies = await copiesOfSource(source.Id);
    const lotsByUser = new Map(copies.map((copy) => [copy.user_id, toDecimal(copy.lots).toFixed()]));
    expect(lotsByUser).toEqual(
      new Map([
        [(followers.ratio as Trader).userId, '0.05'],
        [(followers.amount as Trader).userId, '0.01'],
      ]),
    );
    const poor = (await myFollows(followers.poor as Trader))[0] as Follow;
    expect(poor.skipped).toBe(1);
    const skips = await call<CopySkipList>(
      t,
      'GET',
      '/api/follow/skips',
      { id: poor.id },
      { token: (followers.poor as Trader).token },
    );
    expect(skips.data[0]).toMatchObject({
      source_order_id: source.Id,
      reason_key: 'copy.skip_insufficient_balance',
    });
    expect(skips.data[0]?.reason).toMatch(
      /^Not copied: the copy needed [0-9.]+ USDT but only 1 USDT was available\.$/,
    );
    const tiny = (await myFollows(followers.tiny as Trader))[0] as Follow;
    expect(tiny).toMatchObject({ skipped: 1, open_copies: 0 });
    // Nothing written for the skipped and the paused: their books hold only their funding.
    for (const name of ['poor', 'tiny', 'paused']) {
      const follower = followers[name] as Trader;
      expect(await countOrders(t, follower.accountId)).toBe(0);
      await checkBooks(t, follower.accountId);
    }
    // Running the sweep (as after a crash) writes no second copy and no second skip.
    await t.app.copyTrading.sweep();
    expect(await copiesOfSource(source.Id)).toHaveLength(2);
    expect(((await myFollows(followers.poor as Trader))[0] as Follow).skipped).toBe(1);
    const listed = await copiesOf(followers.ratio as Trader, 1);
    expect(listed.data[0]).toMatchObject({
      SourceOrderId: source.Id,
      Quantity: '0.05',
      OrderType: 1,
      Multiple: 100,
    });
    for (const follower of Object.values(followers)) await checkBooks(t, follower.accountId);
  });

  it("closes the copies when the trader's order closes, once, and a follower may close a copy alone", async () => {
    const source = await opened(trader);
    const [first] = (await copiesOfSource(source.Id)).filter(
      (copy) => copy.user_id === (followers.amount as Trader).userId,
    );
    expect((await trade(t, followers.amount as Trader, 'close', { id: first?.id })).msg).toBe('Success');
    expect((await trade(t, trader, 'close', { id: source.Id })).msg).toBe('Success');
    await t.app.copyTrading.idle();
    const copies = await copiesOfSource(source.Id);
    expect(copies.map((copy) => [copy.status, copy.close_reason])).toEqual([
      ['closed', 'trader_closed'],
      ['closed', 'user'],
    ]);
    await t.app.copyTrading.sweep();
    expect((await copiesOfSource(source.Id)).map((copy) => copy.close_reason)).toEqual([
      'trader_closed',
      'user',
    ]);
    for (const follower of Object.values(followers)) await checkBooks(t, follower.accountId);
  });

  it('does not copy into a follow that stopped, and a stop with close_copies closes the open copies', async () => {
    const follower = await demoTrader(t);
    const follow = await followed(follower, { trader_id: traderId, mode: 1, ratio: '1', amount: '1000' });
    const source = await opened(trader);
    expect((await copiesOf(follower, 1)).total).toBe(1);
    const stop = await call<StopFollowAnswer>(
      t,
      'POST',
      '/api/follow/stop',
      { id: follow.id, close_copies: 1 },
      {
        token: follower.token,
      },
    );
    expect(stop.data).toMatchObject({
      closed: 1,
      waiting: 0,
      follow: { state: 'stopped', stop_reason: 'user' },
    });
    expect((await copiesOf(follower, 3)).data[0]?.CloseReason).toBe('copy_stopped');
    await opened(trader);
    expect((await copiesOf(follower)).total).toBe(1);
    await trade(t, trader, 'close', { id: source.Id });
    await checkBooks(t, follower.accountId);
  });

  it("keeps the copies of a stop without closing as the follower's own orders", async () => {
    const follower = await demoTrader(t);
    const follow = await followed(follower, { trader_id: traderId, mode: 1, ratio: '1', amount: '1000' });
    const source = await opened(trader);
    await call(t, 'POST', '/api/follow/stop', { id: follow.id, close_copies: 0 }, { token: follower.token });
    expect((await trade(t, trader, 'close', { id: source.Id })).msg).toBe('Success');
    await t.app.copyTrading.idle();
    await t.app.copyTrading.sweep();
    expect((await copiesOf(follower, 1)).total).toBe(1);
  });

  it('copies again after a resume, but not what opened while paused', async () => {
    const follower = followers.paused as Trader;
    const follow = (await myFollows(follower))[0] as Follow;
    const whilePaused = await opened(trader);
    t.clock.advance(1000);
    const resumed = await call<Follow>(
      t,
      'POST',
      '/api/follow/resume',
      { id: follow.id },
      { token: follower.token },
    );
    expect(resumed.data.state).toBe('active');
    await t.app.copyTrading.sweep();
    expect((await copiesOf(follower)).total).toBe(0);
    const after = await opened(trader);
    expect((await copiesOf(follower)).data.map((copy) => copy.SourceOrderId)).toEqual([after.Id]);
    await trade(t, trader, 'close', { id: whilePaused.Id });
    await trade(t, trader, 'close', { id: after.Id });
    await t.app.copyTrading.idle();
    expect((await copiesOf(follower, 1)).total).toBe(0);
  });
});

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
