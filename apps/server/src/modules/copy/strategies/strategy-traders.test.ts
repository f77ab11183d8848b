import { asAccountId } from '@meridian/domain/ids';
import { isMarketOpen } from '@meridian/domain/market-session';
import { STRATEGIES } from '@meridian/domain/strategies/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { serviceContext } from '../../../../test/staff';
import { fillStrategyHistory } from '../../../../test/strategy-history';
import { checkBooks } from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';
import { StrategyTraders } from './strategy-traders';

const DAY = 24 * 60 * 60 * 1000;
/** Days of stored minutes in the replay test: enough for every rule's warm-up and some days of trading. */
const HISTORY_DAYS = 12;

type StrategyAccount = {
  strategy: string;
  display_name: string;
  is_demo: boolean;
  demo_device_id: string;
  account_id: number;
  credit_at: Date;
  credits: number;
};

async function strategyAccounts(t: TestApp): Promise<StrategyAccount[]> {
  const result = await t.database.db.execute(`
    select tr.strategy, tr.display_name, u.is_demo, u.demo_device_id, a.id as account_id,
      (select min(created_at) from ledger_entries e where e.account_id = a.id and e.kind = 'demo_credit') as credit_at,
      (select count(*)::int from ledger_entries e where e.account_id = a.id and e.kind = 'demo_credit') as credits
    from traders tr join users u on u.id = tr.user_id join trading_accounts a on a.user_id = u.id
    order by tr.id`);
  return rowsOf<StrategyAccount>(result).map((row) => ({
    ...row,
    account_id: Number(row.account_id),
    credits: Number(row.credits),
    credit_at: new Date(row.credit_at),
  }));
}

type ReplayedOrder = {
  strategy: string;
  session: 'weekly' | 'always';
  entry_type: string;
  status: string;
  close_reason: string | null;
  created_at: Date;
  opened_at: Date;
  closed_at: Date | null;
};

async function strategyOrders(t: TestApp): Promise<ReplayedOrder[]> {
  const result = await t.database.db.execute(`
    select tr.strategy, i.session, o.entry_type, o.status, o.close_reason, o.created_at, o.opened_at, o.closed_at
    from orders o join traders tr on tr.user_id = o.user_id join instruments i on i.id = o.instrument_id
    order by o.id`);
  return rowsOf<ReplayedOrder>(result).map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    opened_at: new Date(row.opened_at),
    closed_at: row.closed_at === null ? null : new Date(row.closed_at),
  }));
}

function start(t: TestApp, replay = true): Promise<StrategyTraders> {
  const traders = new StrategyTraders(serviceContext(t), { log: t.app.log, isActive: () => true, replay });
  return traders.start().then(() => traders);
}

describe('strategy traders: seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds each strategy once: a demo user, its demo credit through the ledger and a listed trader', async () => {
    const first = await start(t, false);
    await first.stop();
    const second = await start(t, false);
    await second.stop();
    const accounts = await strategyAccounts(t);
    expect(accounts.map((account) => account.strategy)).toEqual(STRATEGIES.map((strategy) => strategy.key));
    expect(accounts.map((account) => account.display_name)).toEqual([
      'Trend Rider EUR',
      'Band Reverter GBP',
      'Gold Breakout',
      'BTC Momentum',
      'ETH RSI Range',
    ]);
    for (const account of accounts) {
      expect(account.is_demo).toBe(true);
      expect(account.demo_device_id).toBe(`strategy:${account.strategy}`);
      expect(account.credits).toBe(1);
      expect((await checkBooks(t, asAccountId(account.account_id))).balance).toBe('100000');
    }
    expect(second.reports).toEqual([]);
  });

  it('no client can log in as a strategy: its device id is outside the demo login pattern', async () => {
    const answer = await call(t, 'GET', '/api/user/createAccountDemoForU', { demo_id: 'strategy:trend_ema' });
    expect(answer.code).toBe(0);
  });

  it('may seed in the background, for a caller inside a time-limited hook', async () => {
    const other = await createTestApp();
    try {
      const traders = new StrategyTraders(serviceContext(other), {
        log: other.app.log,
        isActive: () => true,
        awaitReplay: false,
      });
      await traders.start();
      expect(await traders.traders()).toHaveLength(STRATEGIES.length);
      await traders.stop();
      expect(await strategyAccounts(other)).toHaveLength(STRATEGIES.length);
    } finally {
      await other.close();
    }
  });

  it('seeds nothing on a node that does not run the engine', async () => {
    const other = await createTestApp();
    try {
      const traders = new StrategyTraders(serviceContext(other), {
        log: other.app.log,
        isActive: () => false,
      });
      await traders.start();
      await traders.stop();
      expect(await strategyAccounts(other)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('strategy traders: replay of the stored history', () => {
  let t: TestApp;
  let traders: StrategyTraders;
  let firstMinuteMs: number;
  beforeAll(async () => {
    t = await createTestApp();
    const nowMs = t.clock.now().getTime();
    await fillStrategyHistory(t.database.db, nowMs, { minuteDays: HISTORY_DAYS });
    firstMinuteMs = (Math.floor(nowMs / DAY) - HISTORY_DAYS) * DAY;
    traders = await start(t);
  });
  afterAll(async () => {
    await traders.stop();
    await t.close();
  });

  it('every strategy traded through the trading service, and every account balances', async () => {
    expect(traders.reports.map((report) => report.strategy)).toEqual(
      STRATEGIES.map((strategy) => strategy.key),
    );
    for (const report of traders.reports) {
      expect(report.barsEvaluated).toBeGreaterThan(0);
      expect(report.opened).toBeGreaterThan(0);
      expect(report.closed).toBeGreaterThanOrEqual(report.opened - 1);
    }
    const orders = await strategyOrders(t);
    expect(orders.filter((order) => order.status === 'closed').length).toBeGreaterThan(20);
    for (const account of await strategyAccounts(t)) await checkBooks(t, asAccountId(account.account_id));
  });

  it('orders are market orders within the history, never while their market was closed', async () => {
    const nowMs = t.clock.now().getTime();
    for (const order of await strategyOrders(t)) {
      expect(order.entry_type).toBe('market');
      expect(['holding', 'closed']).toContain(order.status);
      for (const at of [order.created_at, order.opened_at, order.closed_at]) {
        if (at === null) continue;
        expect(at.getTime()).toBeGreaterThanOrEqual(firstMinuteMs);
        expect(at.getTime()).toBeLessThanOrEqual(nowMs);
        expect(isMarketOpen(order.session, at)).toBe(true);
      }
      if (order.status === 'closed')
        expect(['user', 'stop_loss', 'take_profit']).toContain(order.close_reason);
    }
  });

  it('the demo credit is dated before the first order of its trader', async () => {
    const orders = await strategyOrders(t);
    for (const account of await strategyAccounts(t)) {
      const first = Math.min(
        ...orders
          .filter((order) => order.strategy === account.strategy)
          .map((order) => order.created_at.getTime()),
      );
      expect(account.credit_at.getTime()).toBeLessThan(first);
    }
  });

  it('positions left open are handed to the live engine, and a restart replays nothing again', async () => {
    const holding = (await strategyOrders(t)).filter((order) => order.status === 'holding').length;
    expect(t.app.engine.stats().liveOrders).toBe(holding);
    const before = (await strategyOrders(t)).length;
    const again = await start(t);
    await again.stop();
    expect(again.reports).toEqual([]);
    expect((await strategyOrders(t)).length).toBe(before);
  });
});
