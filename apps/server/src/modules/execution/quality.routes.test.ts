import type { ExecutionQualityDay, ExecutionQualityReport } from '@meridian/contract/execution-quality';
import type { Order } from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { EURUSD_MID, useTradingApp } from '../../../test/app-hooks';
import {
  EURUSD,
  midForBid,
  moveTo,
  openedOrder,
  realTrader,
  type Trader,
  trade,
  USDJPY,
} from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

/**
 * The public execution-quality report through HTTP: real fills (market opens, a manual
 * close, a stop-loss a price move jumps past, filled at its own price as the engine does), two
 * records the engine never writes (a stop filled 12 points beyond its trigger, a take-profit 3
 * better: they put a worse and a better fill in the figures), the job run by hand, and every figure checked against one recomputed here from the raw
 * execution records, by the definitions of docs/decisions.md, without the domain's code.
 */

const SPREAD = '0.00004';
const DAY_MS = 24 * 60 * 60 * 1000;
const SETTLE_MS = 6_000;

const t = useTradingApp({ mids: { [EURUSD]: EURUSD_MID, [USDJPY]: '150.000' } });

const report = (fields: Record<string, unknown>, lang = 'en') =>
  call<ExecutionQualityReport>(t, 'GET', '/api/execution/quality', fields, { lang });

const place = (trader: Trader, fields?: Record<string, unknown>) => openedOrder(t, trader, fields);

type RawRecord = {
  id: number;
  instrument_id: number;
  kind: string;
  side: 'buy' | 'sell';
  price: string;
  bid: string;
  ask: string;
  trigger_price: string | null;
  crossing_bid: string | null;
  requested_at: string | Date;
  filled_at: string | Date;
};

async function rawRecords(): Promise<RawRecord[]> {
  const result = await t.database.db.execute(
    `select r.id, o.instrument_id, r.kind, r.side, r.price::text as price, r.bid::text as bid, r.ask::text as ask,
            r.trigger_price::text as trigger_price, r.crossing_bid::text as crossing_bid, r.requested_at, r.filled_at
       from execution_records r join orders o on o.id = r.order_id order by r.id`,
  );
  return rowsOf<RawRecord>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    instrument_id: Number(row.instrument_id),
  }));
}

async function cursorOrNone(): Promise<{ last_record_id: number; updated_at: number } | null> {
  const result = await t.database.db.execute(
    'select last_record_id, updated_at from execution_quality_cursor',
  );
  const row = rowsOf<{ last_record_id: string | number; updated_at: string | Date }>(result)[0];
  if (!row) return null;
  return { last_record_id: Number(row.last_record_id), updated_at: new Date(row.updated_at).getTime() };
}

async function cursor(): Promise<{ last_record_id: number; updated_at: number }> {
  const state = await cursorOrNone();
  if (!state) throw new Error('no cursor');
  return state;
}

async function dayUpdatedAt(instrumentId: number, day: string): Promise<number> {
  const result = await t.database.db.execute(
    `select updated_at from execution_quality_days where instrument_id = ${instrumentId} and day = '${day}'`,
  );
  const row = rowsOf<{ updated_at: string | Date }>(result)[0];
  if (!row) throw new Error(`no day ${day}`);
  return new Date(row.updated_at).getTime();
}

/** Writes a fill's record as the engine would (an append: the table refuses only updates and deletes). */
async function insertRecord(
  order: Order,
  fields: { kind: string; price: string; bid: string; ask: string; trigger: string; delayMs: number },
) {
  const filled = t.clock.now();
  const requested = new Date(filled.getTime() - fields.delayMs);
  await t.database.db.execute(
    `insert into execution_records (order_id, account_id, kind, side, price, bid, ask, markup_points, source, quoted_at,
       requested_at, filled_at, trigger_price, crossing_bid, crossing_ask)
     select id, account_id, '${fields.kind}', side, ${fields.price}, ${fields.bid}, ${fields.ask}, 0, 'simulator',
       '${requested.toISOString()}', '${requested.toISOString()}', '${filled.toISOString()}', ${fields.trigger}, ${fields.bid}, ${fields.ask}
       from orders where id = ${order.Id}`,
  );
}

// --- The figures, recomputed from raw rows by the published definitions. ---

const POINTS: Record<number, number> = { [EURUSD]: 5, [USDJPY]: 3 };
const OPENING = ['market_open', 'pending_fill', 'copy_open'];
const TRIGGERED = ['pending_fill', 'stop_loss', 'take_profit'];
const scaled = (text: string, digits: number) => Math.round(Number(text) * 10 ** digits);

function rank<T>(sorted: T[], percent: number): T | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil((percent * sorted.length) / 100) - 1] ?? null;
}

function expectedDay(
  records: RawRecord[],
  digits: number,
): Omit<ExecutionQualityDay, 'day' | 'stale_seconds'> {
  const slips = records.map((record) => {
    const buys = OPENING.includes(record.kind) === (record.side === 'buy');
    const reference =
      TRIGGERED.includes(record.kind) && record.trigger_price !== null
        ? record.trigger_price
        : buys
          ? record.ask
          : record.bid;
    const difference = scaled(record.price, digits) - scaled(reference, digits);
    return buys ? -difference : difference;
  });
  const up = (values: number[]) => [...values].sort((a, b) => a - b);
  const positive = up(slips.filter((value) => value > 0));
  const worse = up(slips.filter((value) => value < 0).map((value) => -value));
  const text = (value: number | null) => (value === null ? null : String(value));
  const negative = (value: number | null) => (value === null ? null : String(-value));
  const delays = up(
    records.map((record) => new Date(record.filled_at).getTime() - new Date(record.requested_at).getTime()),
  );
  const spreads = up(records.map((record) => scaled(record.ask, digits) - scaled(record.bid, digits)));
  return {
    fills: records.length,
    positive_fills: positive.length,
    positive_median: text(rank(positive, 50)),
    positive_p95: text(rank(positive, 95)),
    negative_fills: worse.length,
    negative_median: negative(rank(worse, 50)),
    negative_p95: negative(rank(worse, 95)),
    at_or_better_share: (slips.filter((value) => value >= 0).length / records.length).toFixed(4),
    fill_ms_median: rank(delays, 50),
    fill_ms_p95: rank(delays, 95),
    spread_median: text(rank(spreads, 50)),
  };
}

function expectedReportDays(records: RawRecord[], instrumentId: number) {
  const days = new Map<string, RawRecord[]>();
  for (const record of records.filter((row) => row.instrument_id === instrumentId)) {
    const day = new Date(record.filled_at).toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), record]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, rows]) => ({ day, ...expectedDay(rows, POINTS[instrumentId] ?? 0), stale_seconds: 0 }));
}

async function runJob() {
  t.clock.advance(SETTLE_MS);
  return t.app.executionQuality.runOnce();
}

describe('GET /api/execution/quality', () => {
  // One story (the CI shuffles tests): before any run, a first day's fills, a later day's.
  it('answers no sign-in the figures recomputed from the raw records, kept up to date incrementally', async () => {
    // Before the job has run: no figures, updated_at 0.
    const empty = await report({});
    expect(empty.code, empty.msg).toBe(1);
    expect(empty.data).toEqual({ days: 30, updated_at: 0, list: [] });
    const one = await report({ forex_id: EURUSD, days: 7 });
    expect(one.data).toEqual({
      days: 7,
      updated_at: 0,
      list: [expect.objectContaining({ forex_id: EURUSD, days: [] })],
    });

    // The job's figures equal those recomputed from the raw records (opens, a close, stop-losses, a gap).
    const buyer = await realTrader(t, '5000');
    const seller = await realTrader(t, '5000');
    const opened = await place(buyer);
    await moveTo(t, EURUSD, '1.08520');
    await place(seller, { type: 2 });
    const stopped = await place(buyer, { stop_loss_price: '1.08400' });
    await place(seller, { type: 2, forex_id: USDJPY, cont: '0.1' });
    t.clock.advance(700);
    expect((await trade(t, buyer, 'close', { id: opened.Id })).code).toBe(1);
    // The stop-loss a price move jumps 10 points past: filled at its own price, on the crossing quote.
    await moveTo(t, EURUSD, midForBid('1.08390', SPREAD, 5));
    const [engineStop] = (await rawRecords()).filter((record) => record.kind === 'stop_loss');
    expect(engineStop).toMatchObject({ price: '1.08400000', trigger_price: '1.08400000' });
    expect(Number(engineStop?.crossing_bid)).toBeLessThan(1.084);
    // Records the engine never writes (it fills a trigger at its own price, the public page says so),
    // to have a worse and a better fill: a close 12 points beyond its trigger, 40 ms after the tick.
    await insertRecord(stopped, {
      kind: 'stop_loss',
      price: '1.08288',
      bid: '1.08288',
      ask: '1.08297',
      trigger: '1.08300',
      delayMs: 40,
    });
    // ...and a take-profit 3 points better than its trigger.
    await insertRecord(stopped, {
      kind: 'take_profit',
      price: '1.08703',
      bid: '1.08703',
      ask: '1.08712',
      trigger: '1.08700',
      delayMs: 15,
    });

    const first = await runJob();
    const firstRecords = await rawRecords();
    expect(first.records).toBe(firstRecords.length);
    const firstDay = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(first.days).toEqual(
      expect.arrayContaining([
        { instrumentId: EURUSD, day: firstDay },
        { instrumentId: USDJPY, day: firstDay },
      ]),
    );
    const state = await cursor();
    expect(state.last_record_id).toBe(firstRecords.at(-1)?.id);
    const firstRun = state.updated_at;

    const firstAnswer = await report({ forex_id: EURUSD, days: 30 });
    expect(firstAnswer.code, firstAnswer.msg).toBe(1);
    expect(firstAnswer.data.updated_at).toBe(firstRun);
    expect(firstAnswer.data.list).toEqual([
      {
        forex_id: EURUSD,
        code: 'EURUSD',
        name: expect.any(String),
        days: expectedReportDays(firstRecords, EURUSD),
      },
    ]);
    const [day] = firstAnswer.data.list[0]?.days ?? [];
    // The two written records show: one worse fill of 12 points, one better of 3; every fill the
    // engine made is at its reference.
    expect(day).toMatchObject({
      negative_fills: 1,
      negative_median: '-12',
      positive_fills: 1,
      positive_median: '3',
    });
    expect(day?.fills).toBeGreaterThanOrEqual(6);

    const all = await report({});
    expect(all.data.list.map((row) => row.forex_id).sort()).toEqual([EURUSD, USDJPY].sort());
    expect(all.data.list.find((row) => row.forex_id === USDJPY)?.days).toEqual(
      expectedReportDays(firstRecords, USDJPY),
    );

    // Incremental: a run with nothing new changes nothing; a later day touches only that day.
    const idle = await runJob();
    expect(idle).toEqual({ records: 0, stalePeriods: 0, days: [] });
    expect(await dayUpdatedAt(EURUSD, firstDay)).toBe(firstRun);

    t.clock.advance(DAY_MS);
    const trader = await realTrader(t, '5000');
    const order = await place(trader);
    t.clock.advance(300);
    expect((await trade(t, trader, 'close', { id: order.Id })).code).toBe(1);
    const before = await cursor();
    const run = await runJob();
    const secondDay = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(secondDay).not.toBe(firstDay);
    expect(run.records).toBe(2);
    expect(run.days).toEqual([{ instrumentId: EURUSD, day: secondDay }]);
    const after = await cursor();
    expect(after.last_record_id).toBe(before.last_record_id + 2);
    // The first day's row was not rewritten; the new one was.
    expect(await dayUpdatedAt(EURUSD, firstDay)).toBe(firstRun);
    expect(await dayUpdatedAt(EURUSD, secondDay)).toBe(after.updated_at);

    const records = await rawRecords();
    const answer = await report({ forex_id: EURUSD });
    expect(answer.data.list[0]?.days).toEqual(expectedReportDays(records, EURUSD));
    expect(answer.data.list[0]?.days.map((day) => day.day)).toEqual([firstDay, secondDay]);
    // days=1 is today only.
    const today = await report({ forex_id: EURUSD, days: 1 });
    expect(today.data.list[0]?.days.map((day) => day.day)).toEqual([secondDay]);
  });

  it('refuses bad input in the reader language and writes nothing', async () => {
    const state = await cursorOrNone();
    const days = rowsOf(await t.database.db.execute('select * from execution_quality_days order by 1, 2'));
    for (const fields of [
      { days: 0 },
      { days: 'abc' },
      { days: 91 },
      { forex_id: -1 },
      { forex_id: 'x' },
      { forex_id: '' },
    ]) {
      const english = await report(fields);
      const german = await report(fields, 'de');
      expect(english.code, JSON.stringify(fields)).not.toBe(1);
      expect(german.code).toBe(english.code);
      expect(german.msg).not.toBe(english.msg);
    }
    const unknown = await report({ forex_id: 999_999 });
    expect(unknown.code).not.toBe(1);
    expect(unknown.msg).toBe('This instrument does not exist.');
    expect(await cursorOrNone()).toEqual(state);
    expect(rowsOf(await t.database.db.execute('select * from execution_quality_days order by 1, 2'))).toEqual(
      days,
    );
  });
});
