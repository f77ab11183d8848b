import type { SubmitOrderRequest } from '@meridian/contract/trading';
import { isAtOrBelowStopOut } from '@meridian/domain/account-metrics';
import type { AccountId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { formatPrice } from '@meridian/domain/quote';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useModelApp } from '../../../test/model-accounts';
import { BTCUSDT, checkBooks, EURUSD, USDJPY } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';
import type { OrderRecord } from '../../events';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/sessions.service';
import { getSetting } from '../settings/settings.service';
import { resetDemoAccount } from './account.service';
import { conversionOf, findTerms } from './instrument-terms';
import { floatingOf } from './order-view';
import * as repository from './trading.repository';
import { cancelOrder, closeOrder, setStops, submitOrder } from './trading.service';

/**
 * Model-based test of trading against the real services, engine and database: random sequences of
 * submits (market and pending, stops on either side), price moves (which run the engine), closes,
 * cancels, stop changes and demo resets, by demo accounts and a thinly funded real one. After every
 * step, for every account of the run:
 * - the ledger invariant (ARCHITECTURE.md Principle 1): balance + lock + margin of open and pending
 *   orders == sum of all its entries, each bucket equals its entries, each live order's margin
 *   bucket holds its margin and an ended order's nothing, no balance below zero;
 * - the engine left nothing behind: no pending target, stop-loss or take-profit the current quote
 *   crosses, and no account at or below the stop-out level;
 * - the model: every order the model saw end (closed, cancelled) is ended in the database, and a
 *   refusal is always a customer refusal, never an internal error.
 */

/** `step` is the model's price step: a move or a distance of n steps is n x step. */
const INSTRUMENTS = [
  { id: EURUSD, base: 1.085, precision: 5, step: 0.00001, multiple: 500 },
  { id: USDJPY, base: 151.2, precision: 3, step: 0.001, multiple: 500 },
  { id: BTCUSDT, base: 95_000, precision: 2, step: 1, multiple: 50 },
] as const;
type InstrumentIndex = 0 | 1 | 2;

type Operation =
  | {
      kind: 'submit';
      account: number;
      instrument: InstrumentIndex;
      side: 1 | 2;
      pending: boolean;
      lots: string;
      /**
       * Distances from the current price in steps, on the side the rules want (a buy's stop-loss
       * below, ...) unless `wrongSide`; null for none.
       */
      target: number;
      stopLoss: number | null;
      takeProfit: number | null;
      wrongSide: boolean;
    }
  | { kind: 'move'; instrument: InstrumentIndex; ticks: number }
  | { kind: 'close' | 'cancel'; account: number; pick: number }
  | {
      kind: 'stops';
      account: number;
      pick: number;
      stopLoss: number | null;
      takeProfit: number | null;
      wrongSide: boolean;
    }
  | { kind: 'reset'; account: number };

const ACCOUNTS = 3;
const distance = fc.option(fc.integer({ min: 20, max: 500 }), { nil: null, freq: 3 });
const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const instrument = fc.constantFrom<InstrumentIndex>(0, 1, 2);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      account,
      instrument,
      side: fc.constantFrom<1 | 2>(1, 2),
      pending: fc.boolean(),
      lots: fc.constantFrom('0.01', '0.1', '0.5', '1', '1', '0.015'),
      target: fc.integer({ min: 5, max: 300 }),
      stopLoss: distance,
      takeProfit: distance,
      wrongSide: fc.nat(9).map((value) => value === 0),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      instrument,
      ticks: fc.integer({ min: -500, max: 500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('close' as const, 'cancel' as const),
      account,
      pick: fc.nat(20),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('stops' as const),
      account,
      pick: fc.nat(20),
      stopLoss: distance,
      takeProfit: distance,
      wrongSide: fc.nat(9).map((value) => value === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), account }) },
);

const model = useModelApp({
  uidFrom: 60_000_000,
  invitePrefix: 'M',
  deviceOf: (number) => `model-device-${number}`,
  emailOf: (number) => `model${number}@example.com`,
});
const t = model.t;

type ModelAccount = { user: AuthenticatedUser; accountId: AccountId; ended: Set<number> };

/** Accounts made directly (the services are what this test is about): two demo, one real with 250 USDT. */
async function openAccounts(): Promise<ModelAccount[]> {
  const made = await model.newRun({ count: ACCOUNTS, demos: 2, realBalance: '250' });
  return made.map(({ user, accountId }) => ({ user, accountId, ended: new Set<number>() }));
}

/** The price `steps` above (or below, when negative) the live mid. */
function priceAt(index: InstrumentIndex, steps: number): string {
  const spec = INSTRUMENTS[index];
  const mid = toDecimal(model.context.market.midByCode(codeOf(index)) ?? spec.base);
  const price = mid.plus(toDecimal(spec.step).times(steps));
  return formatPrice(price.lte(0) ? spec.step : price, spec.precision);
}

/** Signed distances of a side's stops (a buy's stop-loss below, take-profit above) and target. */
function sides(side: 'buy' | 'sell', wrong: boolean) {
  const flip = (side === 'buy' ? 1 : -1) * (wrong ? -1 : 1);
  return { stopLoss: -flip, takeProfit: flip, target: -flip };
}

function codeOf(index: InstrumentIndex): string {
  return ['EURUSD', 'USDJPY', 'BTCUSDT'][index] as string;
}

async function liveOrders(accountId: AccountId): Promise<OrderRecord[]> {
  return repository.listLiveOrdersOfAccount(t.database.db, accountId);
}

/** Runs one operation; a refusal is fine, anything else fails the test. */
async function run(op: Operation, accounts: ModelAccount[]): Promise<void> {
  const attempt = async (action: () => Promise<unknown>) => {
    try {
      await action();
      return true;
    } catch (error) {
      if (error instanceof Rejection) return false;
      throw error;
    }
  };
  if (op.kind === 'move') {
    const spec = INSTRUMENTS[op.instrument];
    const mid = toDecimal(model.context.market.midByCode(codeOf(op.instrument)) ?? spec.base);
    const next = mid.plus(toDecimal(spec.step).times(op.ticks));
    // Prices stay within 10 % of the base, so the model never drifts into nonsense.
    const bounded = Math.min(Math.max(next.toNumber(), spec.base * 0.9), spec.base * 1.1);
    t.feed.set(spec.id, toDecimal(bounded).toFixed(spec.precision));
    await t.app.market.tick();
    return;
  }
  const owner = accounts[op.account] as ModelAccount;
  if (op.kind === 'submit') {
    const spec = INSTRUMENTS[op.instrument];
    const sign = sides(op.side === 1 ? 'buy' : 'sell', op.wrongSide);
    const request: SubmitOrderRequest = {
      type: op.side,
      status: op.pending ? 0 : 1,
      cont: op.lots,
      forex_id: spec.id,
      multiple: String(spec.multiple),
      target_price: op.pending ? priceAt(op.instrument, sign.target * op.target) : undefined,
      stop_loss_price: op.stopLoss === null ? undefined : priceAt(op.instrument, sign.stopLoss * op.stopLoss),
      target_profit_price:
        op.takeProfit === null ? undefined : priceAt(op.instrument, sign.takeProfit * op.takeProfit),
      idempotency_key: undefined,
      t: undefined,
    };
    await attempt(() => submitOrder(model.context, owner.user, { ...request, idempotencyKey: undefined }));
    return;
  }
  if (op.kind === 'reset') {
    const before = await liveOrders(owner.accountId);
    if (await attempt(() => resetDemoAccount(model.context, owner.user)))
      for (const order of before) owner.ended.add(order.id);
    return;
  }
  const live = await liveOrders(owner.accountId);
  const order = live[op.pick % Math.max(live.length, 1)];
  if (!order) return;
  if (op.kind === 'close' && (await attempt(() => closeOrder(model.context, owner.user, order.id))))
    owner.ended.add(order.id);
  if (op.kind === 'cancel' && (await attempt(() => cancelOrder(model.context, owner.user, order.id))))
    owner.ended.add(order.id);
  if (op.kind === 'stops') {
    const index = INSTRUMENTS.findIndex((spec) => spec.id === order.instrumentId) as InstrumentIndex;
    const sign = sides(order.side, op.wrongSide);
    await attempt(() =>
      setStops(model.context, owner.user, {
        id: order.id,
        stop_loss_price: op.stopLoss === null ? '0' : priceAt(index, sign.stopLoss * op.stopLoss),
        target_profit_price: op.takeProfit === null ? '0' : priceAt(index, sign.takeProfit * op.takeProfit),
        t: undefined,
      }),
    );
  }
}

/** What the engine must have done by now: nothing crossed left resting, no account under the level. */
async function checkEngine(accountId: AccountId, level: string): Promise<void> {
  const orders = await liveOrders(accountId);
  let margin = toDecimal(0);
  let floating = toDecimal(0);
  for (const order of orders) {
    const quote = model.context.market.quote(order.instrumentId);
    if (!quote) continue;
    const crossed = (price: string | null, watched: string, fallsTo: boolean) =>
      price !== null && (fallsTo ? toDecimal(watched).lte(price) : toDecimal(watched).gte(price));
    const buy = order.side === 'buy';
    if (order.status === 'pending') {
      expect(crossed(order.targetPrice, buy ? quote.ask : quote.bid, buy), `order ${order.id} target`).toBe(
        false,
      );
      continue;
    }
    expect(crossed(order.stopLoss, buy ? quote.bid : quote.ask, buy), `order ${order.id} stop-loss`).toBe(
      false,
    );
    expect(
      crossed(order.takeProfit, buy ? quote.bid : quote.ask, !buy),
      `order ${order.id} take-profit`,
    ).toBe(false);
    const terms = await findTerms(model.context, order.instrumentId);
    const rate = terms ? conversionOf(model.context.market, terms) : undefined;
    if (!rate) continue;
    margin = margin.plus(order.margin);
    floating = floating.plus(floatingOf(order, quote, rate).profit);
  }
  const books = await checkBooks(t, accountId);
  const equity = toDecimal(books.balance).plus(margin).plus(floating);
  expect(
    isAtOrBelowStopOut(equity, margin, level),
    `account ${accountId} left at or below the stop-out level`,
  ).toBe(false);
}

describe('trading model', () => {
  // About 15 s on a quiet machine; the limit leaves room for a busy one.
  it('keeps every account balanced, nothing crossed resting, nobody under the stop-out level, after every step', {
    timeout: 120_000,
  }, async () => {
    const level = await getSetting(t.database.db, 'stop_out_level');
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 40 }), async (operations) => {
        for (const spec of INSTRUMENTS) t.feed.set(spec.id, formatPrice(spec.base, spec.precision));
        await t.app.market.tick();
        const accounts = await openAccounts();
        for (const op of operations) {
          await run(op, accounts);
          steps += 1;
          // A price move can change every account (through the engine); anything else only its owner's.
          const touched = op.kind === 'move' ? accounts : [accounts[op.account] as ModelAccount];
          for (const owner of touched) {
            await checkEngine(owner.accountId, level);
            const stored = await repository.listLiveOrdersOfAccount(t.database.db, owner.accountId);
            for (const order of stored)
              expect(owner.ended.has(order.id), `order ${order.id} ended`).toBe(false);
          }
        }
        // Leave nothing live for the next run's moves to trip over.
        for (const owner of accounts) {
          for (const order of await liveOrders(owner.accountId)) {
            if (order.status === 'pending') await cancelOrder(model.context, owner.user, order.id);
            else await closeOrder(model.context, owner.user, order.id).catch(() => undefined);
          }
        }
      }),
      { numRuns: 40, seed: 20261122 },
    );
    expect(steps).toBeGreaterThan(500);
    // The sequences reached every path of the engine, not just the customers' own calls.
    const outcomes = rowsOf<{ reason: string }>(
      await t.database.db.execute(
        `select distinct close_reason as reason from orders where close_reason is not null`,
      ),
    ).map((row) => row.reason);
    expect(new Set(outcomes)).toEqual(
      new Set(['user', 'stop_loss', 'take_profit', 'stop_out', 'demo_reset']),
    );
    const filled = rowsOf<{ count: number }>(
      await t.database.db.execute(
        `select count(*)::int as count from orders where entry_type = 'pending' and opened_at is not null`,
      ),
    );
    expect(Number(filled[0]?.count)).toBeGreaterThan(0);
  });
});
