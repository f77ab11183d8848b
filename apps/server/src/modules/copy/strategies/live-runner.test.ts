import { asAccountId } from '@meridian/domain/ids';
import { strategyOf } from '@meridian/domain/strategies/catalogue';
import type { StrategyDecision, StrategyDefinition } from '@meridian/domain/strategies/strategy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../../test/app';
import { serviceContext } from '../../../../test/staff';
import { writeSteadyMinutes } from '../../../../test/strategy-history';
import { BTCUSDT, checkBooks, createTradingApp, type TradingApp } from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';
import { LiveRunner } from './live-runner';
import { type StrategyTrader, seedStrategyTrader } from './strategy-seeding';
import { StrategyTraders } from './strategy-traders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Wednesday 2026-11-18 12:00 UTC, the test clock's default.
const NOON = Date.UTC(2026, 10, 18, 12);

type StoredOrder = {
  id: number;
  user_id: number;
  side: string;
  status: string;
  close_reason: string | null;
  leverage: number;
  open_price: string;
  stop_loss: string | null;
  take_profit: string | null;
  opened_at: Date;
  account_id: number;
};

async function ordersOf(t: TradingApp, userId: number): Promise<StoredOrder[]> {
  const result = await t.database.db.execute(
    `select id, user_id, side, status, close_reason, leverage, open_price, stop_loss, take_profit, opened_at, account_id
     from orders where user_id = ${Number(userId)} order by id`,
  );
  return rowsOf<StoredOrder>(result).map((row) => ({ ...row, opened_at: new Date(row.opened_at) }));
}

/** Moves the clock, sets BTC's mid price, and runs the market (and the engine and the runner) once. */
async function tickAt(t: TradingApp, atMs: number, mid: string, runner: LiveRunner): Promise<void> {
  t.clock.set(new Date(atMs));
  t.feed.set(BTCUSDT, mid);
  await t.app.market.tick();
  await runner.idle();
}

describe('strategy traders: live', () => {
  let t: TradingApp;
  beforeEach(async () => {
    t = await createTradingApp(createTestClock(new Date(NOON)));
    // Three days of steady hours at 95,000 (each minute 0.2 % either side), up to noon.
    await writeSteadyMinutes(
      t.database.db,
      BTCUSDT,
      { fromMs: NOON - 72 * HOUR, toMs: NOON },
      { mid: 95000, swing: 0.002, precision: 2 },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  it("BTC Momentum's rule fires at the hour's close: a buy through the live service, its stops watched by the engine", async () => {
    const traders = new StrategyTraders(serviceContext(t), { log: t.app.log, isActive: () => true });
    await traders.start();
    const trader = (await traders.traders())?.find((item) => item.definition.key === 'crypto_momentum');
    if (!trader) throw new Error('no BTC Momentum trader');
    // The noon hour closes 3 % up: the 12-hour rate of change crosses +2 %.
    await tickAt(t, NOON + 1000, '97850.00', traders.runner);
    await tickAt(t, NOON + 30 * MINUTE, '97850.00', traders.runner);
    expect(await ordersOf(t, trader.user.id)).toEqual([]);
    await tickAt(t, NOON + HOUR + 1000, '97850.00', traders.runner);
    const [order, ...others] = await ordersOf(t, trader.user.id);
    expect(others).toEqual([]);
    if (!order) throw new Error('no order');
    expect(order).toMatchObject({ side: 'buy', status: 'holding', leverage: 10 });
    expect(order.opened_at.getTime()).toBe(NOON + HOUR + 1000);
    expect(Number(order.stop_loss)).toBeLessThan(97850);
    expect(Number(order.take_profit)).toBeGreaterThan(97850);
    await checkBooks(t, asAccountId(order.account_id));
    // The live bus carried the open: the engine closes it at its take-profit.
    expect(t.app.engine.stats().triggers).toBe(2);
    await tickAt(t, NOON + HOUR + 5000, String(Number(order.take_profit) * 1.001), traders.runner);
    expect((await ordersOf(t, trader.user.id))[0]).toMatchObject({
      status: 'closed',
      close_reason: 'take_profit',
    });
    await checkBooks(t, asAccountId(order.account_id));
    await traders.stop();
  });

  it('acts once per closed bar, closes through the service, and only on the engine node', async () => {
    const context = serviceContext(t);
    const definition = strategyOf('crypto_momentum');
    const seeded = await seedStrategyTrader(context, definition, new Date(NOON - HOUR));
    if (!seeded) throw new Error('not seeded');
    // A scripted rule: open when flat, close when holding.
    const asked: number[] = [];
    const scripted: StrategyDefinition = {
      ...definition,
      decide: (input): StrategyDecision => {
        asked.push(input.nowMs);
        if (input.position) return { action: 'close', why: 'signal' };
        return {
          action: 'open',
          side: 'sell',
          lots: '0.1',
          leverage: 10,
          stopLoss: '99000.00',
          takeProfit: null,
        };
      },
    };
    const trader: StrategyTrader = { ...seeded, definition: scripted };
    let active = false;
    const runner = new LiveRunner(
      context,
      { log: t.app.log, isActive: () => active, traders: async () => [trader] },
      [scripted],
    );
    runner.start();
    await tickAt(t, NOON + 1000, '95000.00', runner);
    await tickAt(t, NOON + HOUR + 1000, '95000.00', runner);
    expect(asked).toEqual([]);
    active = true;
    await tickAt(t, NOON + 2 * HOUR + 1000, '95000.00', runner);
    await tickAt(t, NOON + 2 * HOUR + 2000, '95000.00', runner);
    expect(asked).toEqual([NOON + 2 * HOUR + 1000]);
    expect(await ordersOf(t, seeded.user.id)).toMatchObject([{ side: 'sell', status: 'holding' }]);
    // The next bar: the close, then (flat) the scripted open again.
    await tickAt(t, NOON + 3 * HOUR + 1000, '95100.00', runner);
    const orders = await ordersOf(t, seeded.user.id);
    expect(orders).toMatchObject([
      { status: 'closed', close_reason: 'user' },
      { side: 'sell', status: 'holding' },
    ]);
    await checkBooks(t, asAccountId(orders[0]?.account_id ?? 0));
    await runner.stop();
  });
});
