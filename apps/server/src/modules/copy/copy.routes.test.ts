import type { CopySkipList, Follow, RankingList, StopFollowAnswer } from '@meridian/contract/copy';
import { toDecimal } from '@meridian/domain/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import { copyCallsOn, lastOptedInName } from '../../../test/copy';
import { checkBooks, countOrders, demoTrader, realTrader, type Trader, trade } from '../../../test/trading';

const t = useTradingApp();
const { optedIn, follows, followed, opened, copiesOf, copiesOfSource, myFollows } = copyCallsOn(t);

describe('traders', () => {
  it('opts in with a unique name, shows in the ranking, and refuses following oneself', async () => {
    const trader = await demoTrader(t);
    const traderId = await optedIn(trader);
    const twin = await demoTrader(t);
    const taken = await call(
      t,
      'POST',
      '/api/follow/opt_in',
      { display_name: lastOptedInName().toLowerCase() },
      { token: twin.token },
    );
    expect(taken.msg).toBe('This display name is taken. Please choose another.');
    const ranking = await call<RankingList>(t, 'GET', '/api/follow/list');
    const entry = ranking.data.find((item) => item.trader_id === traderId);
    expect(entry).toMatchObject({
      user: lastOptedInName(),
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
      [
        { trader_id: traderId, mode: 2, amount: '9.99' },
        'The amount must be between 10 and 10,000,000 USDT.',
      ],
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
    // The other tests' sources are skipped for these followers too: count this source's skips only.
    const skippedBefore = async (name: 'poor' | 'tiny') =>
      ((await myFollows(followers[name] as Trader))[0] as Follow).skipped;
    const poorBefore = await skippedBefore('poor');
    const tinyBefore = await skippedBefore('tiny');
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
    expect(poor.skipped).toBe(poorBefore + 1);
    const skips = await call<CopySkipList>(
      t,
      'GET',
      '/api/follow/skips',
      { id: poor.id },
      { token: (followers.poor as Trader).token },
    );
    const skip = skips.data.filter((item) => item.source_order_id === source.Id);
    expect(skip).toHaveLength(1);
    expect(skip[0]).toMatchObject({ reason_key: 'copy.skip_insufficient_balance' });
    expect(skip[0]?.reason).toMatch(
      /^Not copied: the copy needed [0-9.]+ USDT but only 1 USDT was available\.$/,
    );
    const tiny = (await myFollows(followers.tiny as Trader))[0] as Follow;
    expect(tiny).toMatchObject({ skipped: tinyBefore + 1, open_copies: 0 });
    // Nothing written for the skipped and the paused: their books hold only their funding.
    for (const name of ['poor', 'tiny', 'paused']) {
      const follower = followers[name] as Trader;
      expect(await countOrders(t, follower.accountId)).toBe(0);
      await checkBooks(t, follower.accountId);
    }
    // Running the sweep (as after a crash) writes no second copy and no second skip.
    await t.app.copyTrading.sweep();
    expect(await copiesOfSource(source.Id)).toHaveLength(2);
    expect(((await myFollows(followers.poor as Trader))[0] as Follow).skipped).toBe(poorBefore + 1);
    const listed = await copiesOf(followers.ratio as Trader, 1);
    // The follower's open copies may include other tests' still-open sources: this source's one.
    expect(listed.data.filter((copy) => copy.SourceOrderId === source.Id)).toEqual([
      expect.objectContaining({ SourceOrderId: source.Id, Quantity: '0.05', OrderType: 1, Multiple: 100 }),
    ]);
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
    // A paused follow of its own: the shared 'paused' follower must stay paused for the other tests.
    const follower = await demoTrader(t);
    const follow = await followed(follower, { trader_id: traderId, mode: 1, ratio: '1', amount: '1000' });
    await call(t, 'POST', '/api/follow/pause', { id: follow.id }, { token: follower.token });
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
    // Stopped, so that the trader's later sources (other tests') are copied to the shared followers only.
    const stop = await call(
      t,
      'POST',
      '/api/follow/stop',
      { id: follow.id, close_copies: 1 },
      { token: follower.token },
    );
    expect(stop.code).toBe(1);
  });
});
