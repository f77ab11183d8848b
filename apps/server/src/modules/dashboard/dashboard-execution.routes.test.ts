import type { Dashboard } from '@meridian/contract/back-office';
import type { ExecutionQualityReport } from '@meridian/contract/execution-quality';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { useTradingApp } from '../../../test/app-hooks';
import type { StaffLogin } from '../../../test/funds';
import { adminCall, staffSession } from '../../../test/staff';
import {
  EURUSD,
  midForAsk,
  midForBid,
  moveTo,
  openedOrder,
  realTrader,
  type Trader,
  trade,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

/**
 * The back office's Execution card: the last 24 hours' fills and those whose
 * price was not the one their recorded quote gives (domain fill-invariant.ts). Fills of every kind
 * the engine and the customer make break nothing; a record written wrong on purpose is reported.
 */

const SPREAD = '0.00004';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Past the job's settle time (5 s), so a run takes the fills in. */
const SETTLE_MS = 6_000;
const toBid = (bid: string) => midForBid(bid, SPREAD, 5);
const toAsk = (ask: string) => midForAsk(ask, SPREAD, 5);

// The card counts the whole installation: each test reads an app of its own.
const t = useTradingApp({ appPer: 'test' });
let admin: StaffLogin;
beforeEach(async () => {
  admin = await staffSession(t, 'admin', 'Ada Admin');
});

async function dashboard(): Promise<Dashboard> {
  const answer = await adminCall<Dashboard>(t, 'GET', '/admin/api/dashboard', {}, admin.token);
  if (answer.code !== 1) throw new Error(answer.msg);
  return answer.data;
}

async function execution(): Promise<Dashboard['execution']> {
  return (await dashboard()).execution;
}

/** The public report, as anyone reads it without signing in. */
async function publicReport(fields: Record<string, unknown> = {}): Promise<ExecutionQualityReport> {
  const answer = await call<ExecutionQualityReport>(t, 'GET', '/api/execution/quality', fields);
  if (answer.code !== 1) throw new Error(answer.msg);
  return answer.data;
}

async function instrumentOf(id: number): Promise<{ show_code: string; price_precision: number }> {
  const result = await t.database.db.execute(
    `select show_code, price_precision from instruments where id = ${id}`,
  );
  const row = rowsOf<{ show_code: string; price_precision: number }>(result)[0];
  if (!row) throw new Error(`no instrument ${id}`);
  return { show_code: row.show_code, price_precision: Number(row.price_precision) };
}

const place = (trader: Trader, fields?: Record<string, unknown>) => openedOrder(t, trader, fields);

async function kinds(): Promise<string[]> {
  const result = await t.database.db.execute('select kind from execution_records order by id');
  return rowsOf<{ kind: string }>(result).map((row) => row.kind);
}

describe('the Execution card', () => {
  it('counts the fills of the last 24 hours, and none of any kind broke the fill invariant', async () => {
    expect(await execution()).toMatchObject({ fills: 0, broken: 0, list: [] });
    const trader = await realTrader(t, '5000');
    // A buy and a sell at the market, each closed by the customer.
    const bought = await place(trader);
    const sold = await place(trader, { type: 2 });
    await moveTo(t, EURUSD, '1.08520');
    expect((await trade(t, trader, 'close', { id: bought.Id })).code).toBe(1);
    expect((await trade(t, trader, 'close', { id: sold.Id })).code).toBe(1);
    // A buy limit filled, a buy's stop-loss, a sell's take-profit and a sell's stop-loss.
    await moveTo(t, EURUSD, '1.08500');
    await place(trader, { status: 0, target_price: '1.08400' });
    await place(trader, { stop_loss_price: '1.08300' });
    await place(trader, { type: 2, target_profit_price: '1.08350' });
    await place(trader, { type: 2, stop_loss_price: '1.08700' });
    await moveTo(t, EURUSD, toAsk('1.08390'));
    await moveTo(t, EURUSD, toBid('1.08290'));
    await moveTo(t, EURUSD, toAsk('1.08710'));
    expect((await kinds()).sort()).toEqual(
      [
        'manual_close',
        'manual_close',
        'market_open',
        'market_open',
        'market_open',
        'market_open',
        'market_open',
        'pending_fill',
        'stop_loss',
        'stop_loss',
        'take_profit',
      ].sort(),
    );
    expect(await execution()).toMatchObject({ fills: 11, broken: 0, list: [] });
    // A day later the window has moved past them.
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    admin = await staffSession(t, 'admin', 'Ada Admin');
    expect(await execution()).toMatchObject({ fills: 0, broken: 0 });
  });

  it('reports a record whose price is not its quote side, and a trigger fill the crossing quote never reached', async () => {
    const trader = await realTrader(t, '1000');
    const order = await place(trader);
    const at = t.clock.now().toISOString();
    // Written by hand, as no code path can: a buy opened at the bid, and a stop-loss the bid never reached.
    await t.database.db.execute(
      `insert into execution_records (order_id, account_id, kind, side, price, bid, ask, markup_points, source,
         quoted_at, requested_at, filled_at, trigger_price, crossing_bid, crossing_ask)
       values (${order.Id}, ${trader.accountId}, 'market_open', 'buy', 1.08496, 1.08496, 1.08504, 0, 'simulator',
         '${at}', '${at}', '${at}', null, null, null),
              (${order.Id}, ${trader.accountId}, 'stop_loss', 'buy', 1.08300, 1.08310, 1.08318, 0, 'simulator',
         '${at}', '${at}', '${at}', 1.08300, 1.08310, 1.08318)`,
    );
    const card = await execution();
    expect(card).toMatchObject({ fills: 3, broken: 2 });
    // Each listed fill names its order's instrument and that instrument's price places.
    const instrument = await instrumentOf(EURUSD);
    for (const fill of card.list)
      expect(fill).toMatchObject({ code: instrument.show_code, price_precision: instrument.price_precision });
    expect(instrument.price_precision).toBe(5);
    expect(card.list).toEqual([
      expect.objectContaining({
        order_id: order.Id,
        kind: 'stop_loss',
        type: 1,
        price: '1.08300000',
        expected: '1.08300000',
      }),
      expect.objectContaining({
        order_id: order.Id,
        kind: 'market_open',
        type: 1,
        price: '1.08496000',
        expected: '1.08504000',
      }),
    ]);
  });

  it("shows the public report's figures: the last day with fills as the public call answers it, and 30-day totals", async () => {
    // Before the job's first run: no figures, no run time.
    expect((await dashboard()).execution_quality).toEqual({ days: 30, updated_at: 0, list: [] });
    const trader = await realTrader(t, '5000');
    // Day 1: a buy at the market, closed; a sell whose stop-loss the price jumps past; and, written by
    // hand as no code path can, a buy filled 6 points worse than its quote's ask.
    const first = await place(trader);
    await moveTo(t, EURUSD, '1.08520');
    expect((await trade(t, trader, 'close', { id: first.Id })).code).toBe(1);
    await place(trader, { type: 2, stop_loss_price: '1.08600' });
    await moveTo(t, EURUSD, toAsk('1.08650'));
    const at = t.clock.now().toISOString();
    await t.database.db.execute(
      `insert into execution_records (order_id, account_id, kind, side, price, bid, ask, markup_points, source,
         quoted_at, requested_at, filled_at, trigger_price, crossing_bid, crossing_ask)
       values (${first.Id}, ${trader.accountId}, 'market_open', 'buy', 1.08510, 1.08500, 1.08504, 0, 'simulator',
         '${at}', '${at}', '${at}', null, null, null)`,
    );
    const dayOne = t.clock.now().toISOString().slice(0, 10);
    t.clock.advance(SETTLE_MS);
    await t.app.executionQuality.runOnce();
    admin = await staffSession(t, 'admin', 'Ada Admin');
    const afterDayOne = (await dashboard()).execution_quality;
    const publicDayOne = await publicReport({ forex_id: EURUSD, days: 30 });
    expect(publicDayOne.list[0]?.days.map((day) => day.day)).toEqual([dayOne]);
    expect(afterDayOne.updated_at).toBe(publicDayOne.updated_at);
    expect(afterDayOne.updated_at).toBe(t.clock.now().getTime());
    expect(afterDayOne.list).toEqual([
      expect.objectContaining({ forex_id: EURUSD, latest: publicDayOne.list[0]?.days[0] }),
    ]);

    // Day 2: two buys at the market.
    t.clock.advance(DAY_MS);
    await moveTo(t, EURUSD, '1.08500');
    await place(trader);
    await place(trader);
    const dayTwo = t.clock.now().toISOString().slice(0, 10);
    t.clock.advance(SETTLE_MS);
    const run = await t.app.executionQuality.runOnce();
    expect(run.days).toEqual([{ instrumentId: EURUSD, day: dayTwo }]);
    admin = await staffSession(t, 'admin', 'Ada Admin');
    const quality = (await dashboard()).execution_quality;
    const report = await publicReport({ days: 30 });
    expect(quality.days).toBe(report.days);
    expect(quality.updated_at).toBe(report.updated_at);
    const eurusd = report.list.find((row) => row.forex_id === EURUSD);
    if (!eurusd) throw new Error('no EURUSD in the public report');
    expect(eurusd.days.map((day) => day.day)).toEqual([dayOne, dayTwo]);
    const [one, two] = eurusd.days;
    if (!one || !two) throw new Error('two days expected');
    // The 30 days' totals from the public days' counts: 5 + 2 fills, the hand-written one worse.
    expect([one.fills, one.negative_fills, one.negative_median]).toEqual([5, 1, '-6']);
    expect([two.fills, two.negative_fills]).toEqual([2, 0]);
    expect(quality.list).toEqual([
      {
        forex_id: EURUSD,
        code: eurusd.code,
        name: eurusd.name,
        latest: two,
        period: {
          fills: 7,
          days_with_fills: 2,
          // 6 of 7 at or better (averaging the days' shares, 0.8 and 1, would say 0.9).
          at_or_better_share: '0.8571',
          stale_seconds: one.stale_seconds + two.stale_seconds,
        },
      },
    ]);
  });
});
