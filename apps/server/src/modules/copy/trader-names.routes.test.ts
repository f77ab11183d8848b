import type { MyTrader, RankingList } from '@meridian/contract/copy';
import { STRATEGIES } from '@meridian/domain/strategies/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { serviceContext } from '../../../test/staff';
import { demoTrader, type Trader } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import { forgetRanking } from './statistics.service';
import { seedStrategyTrader } from './strategies/strategy-seeding';
import { fillMissingNameKeys } from './trader.service';
import { skeletonOf, traderNameKeys } from './trader-names';

/**
 * A display name could impersonate a listed trader with an invisible or
 * look-alike character. Names are normalized before they are stored and told apart by their
 * Unicode TR39 skeleton, the seeded strategy traders' included.
 */

const t = useTestApp();
beforeAll(async () => {
  const rangeRsi = STRATEGIES.find((strategy) => strategy.key === 'range_rsi');
  if (!rangeRsi) throw new Error('the range_rsi strategy is missing');
  await seedStrategyTrader(serviceContext(t), rangeRsi, t.clock.now());
});

const TAKEN = 'This display name is taken. Please choose another.';
const LOOKALIKE = "This display name looks too much like another trader's name. Please choose another.";

async function optIn(trader: Trader, displayName: string) {
  return call<MyTrader>(
    t,
    'POST',
    '/api/follow/opt_in',
    { display_name: displayName },
    { token: trader.token },
  );
}

async function traderRows(): Promise<{ user_id: number; display_name: string }[]> {
  const result = await t.database.db.execute('select user_id, display_name from traders order by id');
  return rowsOf<{ user_id: number; display_name: string }>(result);
}

async function rankingNames(): Promise<string[]> {
  return (await call<RankingList>(t, 'GET', '/api/follow/list')).data.map((entry) => entry.user);
}

describe('trader display names', () => {
  it.each([
    ['ETH\u200B RSI Range', 'a zero-width space', TAKEN],
    ['ETH  RSI Range', 'a double space', TAKEN],
    ['ETH\u00A0RSI Range', 'a no-break space', TAKEN],
    ['\u202DETH RSI Range\u202C', 'a bidi override', TAKEN],
    ['eth rsi range', 'another case', TAKEN],
    ['\u0415\u0422\u041D RSI Range', 'Cyrillic Е, Т and Н', LOOKALIKE],
    ['\u0435th rsi range', 'a Cyrillic е in another case', LOOKALIKE],
    ['ETH RSl Range', 'a small L for the capital I', LOOKALIKE],
    ['ＥＴＨ ＲＳＩ Ｒａｎｇｅ', 'full-width letters', TAKEN],
  ])(
    'refuses %j (%s) beside the strategy trader "ETH RSI Range", writing nothing',
    async (name, _how, message) => {
      const impostor = await demoTrader(t);
      const before = await traderRows();
      // Other tests list traders of their own: the ranking is compared with itself before the attempt.
      const listedBefore = await rankingNames();
      expect(listedBefore).toContain('ETH RSI Range');
      const answer = await optIn(impostor, name);
      expect(answer).toEqual({ code: 0, msg: message, data: null });
      expect(await traderRows()).toEqual(before);
      expect(await rankingNames()).toEqual(listedBefore);
    },
  );

  it('accepts a distinct name, and stores and lists its normalized form', async () => {
    const trader = await demoTrader(t);
    const answer = await optIn(trader, '  Gold\u200B  Digger\u00A0 ');
    expect(answer).toMatchObject({ code: 1, data: { display_name: 'Gold Digger', listed: 1 } });
    expect((await traderRows()).find((row) => row.user_id === trader.userId)?.display_name).toBe(
      'Gold Digger',
    );
    expect(await rankingNames()).toContain('Gold Digger');
  });

  it('lets a trader rename to a look-alike of their own name, not of another one', async () => {
    // Another trader's name of its own: 'Gold Digger' is there only if another test ran first.
    expect((await optIn(await demoTrader(t), 'Tin Soldier')).code).toBe(1);
    const trader = await demoTrader(t);
    expect((await optIn(trader, 'Silver Surfer')).code).toBe(1);
    expect(await optIn(trader, 'SILVER SURFER')).toMatchObject({
      code: 1,
      data: { display_name: 'SILVER SURFER' },
    });
    expect(await optIn(trader, 'Tin Soldier')).toEqual({ code: 0, msg: TAKEN, data: null });
  });

  it('keeps a name of a trader who opted out: their past followers still see it', async () => {
    const leaving = await demoTrader(t);
    expect((await optIn(leaving, 'Copper Kettle')).code).toBe(1);
    expect((await call(t, 'POST', '/api/follow/opt_out', {}, { token: leaving.token })).code).toBe(1);
    expect(await optIn(await demoTrader(t), 'C\u043Epper Kettle')).toEqual({
      code: 0,
      msg: LOOKALIKE,
      data: null,
    });
  });

  it('counts the length after normalizing', async () => {
    const answer = await optIn(await demoTrader(t), 'A\u200B\u200B\u200B');
    expect(answer).toEqual({ code: 0, msg: 'The display name must be 2 to 32 characters.', data: null });
  });

  it('lets one of two look-alike names sent at once win, and refuses the other', async () => {
    const [first, second] = await Promise.all([demoTrader(t), demoTrader(t)]);
    const answers = await Promise.all([optIn(first, 'Iron Condor'), optIn(second, 'lron Condor')]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1]);
    expect(answers.find((answer) => answer.code === 0)?.msg).toBe(LOOKALIKE);
  });
});

describe('traders from before the rule', () => {
  const warnings: unknown[] = [];
  const log = { warn: (details: unknown) => warnings.push(details) } as unknown as FastifyBaseLogger;

  async function legacyTrader(displayName: string): Promise<number> {
    const user = await demoTrader(t);
    const result = await t.database.db.execute(
      `insert into traders (user_id, display_name) values (${user.userId}, '${displayName}') returning id`,
    );
    // Written past the service, as a row stored before the rule: such rows predate the start, when
    // no ranking is cached yet, but here another test may have read (and cached) the ranking.
    forgetRanking(serviceContext(t));
    return Number(rowsOf<{ id: number }>(result)[0]?.id);
  }

  async function keysOf(traderId: number) {
    const result = await t.database.db.execute(
      `select name_skeleton, name_folded_skeleton from traders where id = ${traderId}`,
    );
    return rowsOf<{ name_skeleton: string | null; name_folded_skeleton: string | null }>(result)[0];
  }

  it('get their keys at start, the older of two look-alikes first; the newer is kept, listed and logged', async () => {
    const original = await legacyTrader('Bull Whisperer');
    const impostor = await legacyTrader('\u0412ull Whisperer');
    expect(await keysOf(original)).toEqual({ name_skeleton: null, name_folded_skeleton: null });

    await fillMissingNameKeys(serviceContext(t), log);

    const keys = traderNameKeys('Bull Whisperer');
    expect(await keysOf(original)).toEqual({
      name_skeleton: keys.nameSkeleton,
      name_folded_skeleton: keys.nameFoldedSkeleton,
    });
    expect(await keysOf(impostor)).toEqual({ name_skeleton: null, name_folded_skeleton: null });
    expect(warnings).toEqual([{ traderId: impostor }]);
    expect(await rankingNames()).toEqual(expect.arrayContaining(['Bull Whisperer', '\u0412ull Whisperer']));
    // A new look-alike of either is refused through the older one's keys.
    expect(await optIn(await demoTrader(t), 'BuII Whisperer')).toEqual({
      code: 0,
      msg: LOOKALIKE,
      data: null,
    });
  });
});

describe('skeletonOf', () => {
  it('maps look-alikes of other scripts to one skeleton, as Unicode TR39 does', () => {
    expect(skeletonOf('\u0415\u0422\u041D')).toBe(skeletonOf('ETH'));
    expect(skeletonOf('paypal')).toBe(skeletonOf('p\u0430yp\u0430l'));
    expect(skeletonOf('rn')).toBe(skeletonOf('m'));
    expect(skeletonOf('Gold')).not.toBe(skeletonOf('Bold'));
  });
});
