import type { AccountId, OrderId } from '@meridian/domain/ids';
import { formatPrice } from '@meridian/domain/quote';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useModelApp } from '../../../test/model-accounts';
import { BTCUSDT, checkBooks, EURUSD } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/sessions.service';
import * as trading from '../trading/trading.service';
import * as follows from './follow.service';
import { optIn } from './trader.service';

/**
 * Model-based test of copy trading against the real services, engine, mirroring and database:
 * random sequences of trader orders (with stops), trader closes, price moves (the engine's stops and
 * stop-outs close trader orders and copies), follows in both modes with copy stop-losses, pauses,
 * resumes, stops with and without closing, followers closing copies alone, and sweeps. After every
 * step, for every account: the ledger invariant (balance + lock + margin of live orders == sum of
 * entries, no balance below zero). After every sweep: no live follow keeps a copy whose trader order
 * closed, and no follow both copied and skipped the same order.
 */

const INSTRUMENTS = [
  { id: EURUSD, base: 1.085, precision: 5, step: 0.0001, multiple: '100' },
  { id: BTCUSDT, base: 95_000, precision: 2, step: 100, multiple: '50' },
] as const;
type InstrumentIndex = 0 | 1;
const TRADERS = 2;
const FOLLOWERS = 4;

type Operation =
  | {
      kind: 'open';
      trader: number;
      instrument: InstrumentIndex;
      side: 1 | 2;
      lots: string;
      stop: number | null;
    }
  | { kind: 'close'; trader: number; pick: number }
  | { kind: 'move'; instrument: InstrumentIndex; steps: number }
  | {
      kind: 'follow';
      follower: number;
      trader: number;
      mode: 1 | 2;
      ratio: string;
      amount: string;
      stopLoss: string;
    }
  | { kind: 'pause' | 'resume' | 'stop' | 'stopClosing'; follower: number; pick: number }
  | { kind: 'closeCopy'; follower: number; pick: number }
  | { kind: 'sweep' };

const trader = fc.nat(TRADERS - 1);
const follower = fc.nat(FOLLOWERS - 1);
const instrument = fc.constantFrom<InstrumentIndex>(0, 1);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      trader,
      instrument,
      side: fc.constantFrom<1 | 2>(1, 2),
      lots: fc.constantFrom('0.1', '0.5', '1', '3'),
      stop: fc.option(fc.integer({ min: 2, max: 30 }), { nil: null }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('close' as const), trader, pick: fc.nat(10) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      instrument,
      steps: fc.integer({ min: -40, max: 40 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      follower,
      trader,
      mode: fc.constantFrom<1 | 2>(1, 2),
      ratio: fc.constantFrom('0.05', '0.5', '1', '2.5'),
      amount: fc.constantFrom('100', '1000', '50000'),
      stopLoss: fc.constantFrom('0', '5', '30'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('pause' as const, 'resume' as const, 'stop' as const, 'stopClosing' as const),
      follower,
      pick: fc.nat(5),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('closeCopy' as const), follower, pick: fc.nat(10) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
);

const model = useModelApp({
  uidFrom: 70_000_000,
  invitePrefix: 'C',
  deviceOf: (number) => `copy-model-${number}`,
  emailOf: (number) => `copy-model${number}@example.com`,
});
const t = model.t;

type ModelUser = { user: AuthenticatedUser; accountId: AccountId; traderId: number | null };

/** Two demo traders; three demo followers and a real one with 300 USDT. */
async function openUsers(): Promise<{ traders: ModelUser[]; followers: ModelUser[] }> {
  const users = await model.newRun({
    count: TRADERS + FOLLOWERS,
    demos: TRADERS + FOLLOWERS - 1,
    realBalance: '300',
  });
  const made: ModelUser[] = [];
  for (const [index, { number, user, accountId }] of users.entries()) {
    const traderId =
      index < TRADERS ? ((await optIn(model.context, user, `Model ${number}`))?.trader_id ?? null) : null;
    made.push({ user, accountId, traderId });
  }
  return { traders: made.slice(0, TRADERS), followers: made.slice(TRADERS) };
}

function midOf(index: InstrumentIndex): number {
  const spec = INSTRUMENTS[index];
  return Number(model.context.market.midByCode(spec.id === EURUSD ? 'EURUSD' : 'BTCUSDT') ?? spec.base);
}

async function attempt(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
  }
}

async function run(op: Operation, traders: ModelUser[], followers: ModelUser[]): Promise<void> {
  if (op.kind === 'sweep') return t.app.copyTrading.sweep();
  if (op.kind === 'move') {
    const spec = INSTRUMENTS[op.instrument];
    const next = Math.min(
      Math.max(midOf(op.instrument) + op.steps * spec.step, spec.base * 0.9),
      spec.base * 1.1,
    );
    t.feed.set(spec.id, next.toFixed(spec.precision));
    return t.app.market.tick();
  }
  if (op.kind === 'open' || op.kind === 'close') {
    const owner = traders[op.trader] as ModelUser;
    if (op.kind === 'close') {
      const ids = rowsOf<{ id: OrderId }>(
        await model.context.db.execute(
          `select id from orders where user_id = ${owner.user.id} and status = 'holding' order by id`,
        ),
      ).map((row) => row.id);
      const id = ids[op.pick % Math.max(ids.length, 1)];
      if (id !== undefined) await attempt(() => trading.closeOrder(model.context, owner.user, id));
      return;
    }
    const spec = INSTRUMENTS[op.instrument];
    const mid = midOf(op.instrument);
    const below = op.side === 1 ? -1 : 1;
    await attempt(() =>
      trading.submitOrder(model.context, owner.user, {
        type: op.side,
        status: 1,
        cont: op.lots,
        forex_id: spec.id,
        multiple: spec.multiple,
        stop_loss_price:
          op.stop === null ? undefined : formatPrice(mid + below * op.stop * spec.step, spec.precision),
        target_profit_price:
          op.stop === null ? undefined : formatPrice(mid - below * op.stop * spec.step, spec.precision),
        target_price: undefined,
        idempotency_key: undefined,
        t: undefined,
        idempotencyKey: undefined,
      }),
    );
    return;
  }
  const owner = followers[op.follower] as ModelUser;
  if (op.kind === 'follow') {
    const traderId = (traders[op.trader] as ModelUser).traderId as number;
    await attempt(() =>
      follows.follow(model.context, owner.user, {
        trader_id: traderId,
        mode: op.mode,
        ratio: op.ratio,
        amount: op.amount,
        stop_loss_percent: op.stopLoss,
        t: undefined,
      }),
    );
    return;
  }
  if (op.kind === 'closeCopy') {
    const copies = rowsOf<{ id: OrderId }>(
      await model.context.db.execute(
        `select id from orders where user_id = ${owner.user.id} and follow_id is not null and status = 'holding' order by id`,
      ),
    );
    const id = copies[op.pick % Math.max(copies.length, 1)]?.id;
    if (id !== undefined) await attempt(() => trading.closeOrder(model.context, owner.user, id));
    return;
  }
  const mine = (await follows.myFollows(model.context, owner.user)).filter(
    (item) => item.state !== 'stopped',
  );
  const chosen = mine[op.pick % Math.max(mine.length, 1)];
  if (!chosen) return;
  if (op.kind === 'pause') await attempt(() => follows.pauseFollow(model.context, owner.user, chosen.id));
  if (op.kind === 'resume') await attempt(() => follows.resumeFollow(model.context, owner.user, chosen.id));
  if (op.kind === 'stop' || op.kind === 'stopClosing')
    await attempt(() =>
      follows.stopFollow(model.context, owner.user, {
        id: chosen.id,
        closeCopies: op.kind === 'stopClosing',
      }),
    );
}

async function checkAfterSweep(): Promise<void> {
  const orphans = rowsOf<{ id: OrderId }>(
    await model.context.db.execute(`
      select copy.id from orders copy
      join orders source on source.id = copy.source_order_id
      join follows follow on follow.id = copy.follow_id
      where copy.status = 'holding' and source.status = 'closed' and follow.state in ('active', 'paused')`),
  );
  expect(orphans, 'copies left open after their trader order closed').toEqual([]);
  const both = rowsOf<{ id: number }>(
    await model.context.db.execute(`
      select skip.id from copy_skips skip
      join orders copy on copy.follow_id = skip.follow_id and copy.source_order_id = skip.source_order_id`),
  );
  expect(both, 'a follow both copied and skipped one order').toEqual([]);
}

describe('copy trading model', () => {
  it('keeps every account balanced and every copy mirrored once, after every step', {
    timeout: 180_000,
  }, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 35 }), async (operations) => {
        for (const spec of INSTRUMENTS) t.feed.set(spec.id, formatPrice(spec.base, spec.precision));
        await t.app.market.tick();
        const { traders, followers } = await openUsers();
        const everyone = [...traders, ...followers];
        for (const op of operations) {
          await run(op, traders, followers);
          await t.app.copyTrading.idle();
          steps += 1;
          for (const person of everyone) await checkBooks(t, person.accountId);
          if (op.kind === 'sweep') await checkAfterSweep();
          // Time moves on, so a resume copies only what opens after it.
          t.clock.advance(1000);
        }
        await t.app.copyTrading.sweep();
        await checkAfterSweep();
        // Leave nothing live for the next run.
        for (const person of everyone)
          for (const row of rowsOf<{ id: OrderId }>(
            await model.context.db.execute(
              `select id from orders where user_id = ${person.user.id} and status = 'holding' order by id`,
            ),
          ))
            await attempt(() => trading.closeOrder(model.context, person.user, row.id));
        await t.app.copyTrading.idle();
      }),
      { numRuns: 25, seed: 20261121 },
    );
    expect(steps).toBeGreaterThan(250);
    // The runs reached the interesting paths: copies, skips, copy stop-losses and trader closes.
    const counts = rowsOf<{ copies: number }>(
      await model.context.db.execute(
        `select (select count(*) from orders where follow_id is not null)::int as copies, (select count(*) from copy_skips)::int as skips, (select count(*) from follows)::int as follows, (select count(*) from follows where state = 'stopped')::int as stopped`,
      ),
    );
    expect(Number((counts[0] as { copies: number }).copies)).toBeGreaterThan(30);
    const reasons = rowsOf<{ reason: string }>(
      await model.context.db.execute(
        `select distinct close_reason as reason from orders where follow_id is not null`,
      ),
    ).map((row) => row.reason);
    expect(reasons).toEqual(expect.arrayContaining(['trader_closed', 'copy_stopped', 'user']));
    const skips = rowsOf<{ reason: string }>(
      await model.context.db.execute(`select distinct reason from copy_skips`),
    ).map((row) => row.reason);
    expect(skips).toEqual(expect.arrayContaining(['copy.skip_below_min', 'copy.skip_insufficient_balance']));
    const stoppedByLoss = rowsOf<{ count: number }>(
      await model.context.db.execute(
        `select count(*)::int as count from follows where stop_reason = 'copy_stop_loss'`,
      ),
    );
    expect(Number(stoppedByLoss[0]?.count)).toBeGreaterThan(0);
  });
});
