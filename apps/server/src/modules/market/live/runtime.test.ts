import { aggregateCandles, type Candle } from '@meridian/domain/candles';
import { isMarketOpen } from '@meridian/domain/market-session';
import { quoteFromMid } from '@meridian/domain/quote';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { rowsOf } from '../../../db/migrate';
import type { RealtimePublisher } from '../../../realtime/publisher';
import * as repository from '../market.repository';
import { uniqueCandleRows } from './candle-rows';
import { type MarketOptions, MarketRuntime } from './runtime';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EURUSD = 1;
const BTCUSDT = 13;
// Wednesday 2026-11-18 12:00 UTC.
const NOON = Date.UTC(2026, 10, 18, 12);
const TODAY = Date.UTC(2026, 10, 18);
const SIZES = { minuteDays: 2, dayDays: 40 };

const silentLog = Fastify({ logger: false }).log;
const nobody: RealtimePublisher = { publish() {}, publishToUser() {}, hasSubscribers: () => false };

/** A database where only EURUSD and BTCUSDT are enabled, to keep the history small. */
async function twoInstrumentDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await database.db.execute(
    sql`update instruments set enabled = false where code not in ('EURUSD', 'BTCUSDT')`,
  );
  return database;
}

function runtimeOn(
  database: TestDatabase,
  clock: TestClock,
  options: MarketOptions = {},
  realtime: RealtimePublisher = nobody,
): MarketRuntime {
  return new MarketRuntime(
    { db: database.db, clock, realtime, log: silentLog },
    { autoStart: false, backfill: SIZES, ...options },
  );
}

async function storedCandles(database: TestDatabase, id: number, period: 1 | 1440): Promise<Candle[]> {
  return repository.candlesBetween(database.db, id, period, 0, Number.MAX_SAFE_INTEGER);
}

/** Ticks the runtime by hand every `stepMs` for `durationMs`, moving the clock along. */
async function run(
  runtime: MarketRuntime,
  clock: TestClock,
  durationMs: number,
  stepMs = 250,
): Promise<void> {
  for (let elapsed = 0; elapsed < durationMs; elapsed += stepMs) {
    clock.advance(stepMs);
    await runtime.tick();
  }
}

describe('first start: history', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await twoInstrumentDatabase();
    const runtime = runtimeOn(database, createTestClock(new Date(NOON)));
    await runtime.start();
    await runtime.stop();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('writes the promised days of minutes and of days, up to the minute in progress', async () => {
    for (const id of [EURUSD, BTCUSDT]) {
      const minutes = await storedCandles(database, id, 1);
      const days = await storedCandles(database, id, 1440);
      expect(minutes[0]?.time).toBe(TODAY - SIZES.minuteDays * DAY);
      expect(minutes[minutes.length - 1]?.time).toBe(NOON - MINUTE);
      expect(days[0]?.time).toBe(TODAY - SIZES.dayDays * DAY);
      expect(days[days.length - 1]?.time).toBe(TODAY);
    }
    expect(await storedCandles(database, BTCUSDT, 1)).toHaveLength((2 * 24 + 12) * 60);
    expect(await storedCandles(database, BTCUSDT, 1440)).toHaveLength(41);
  });

  it('writes nothing while a weekly market is closed', async () => {
    const minutes = await storedCandles(database, EURUSD, 1);
    for (const minute of minutes) expect(isMarketOpen('weekly', new Date(minute.time))).toBe(true);
    const days = await storedCandles(database, EURUSD, 1440);
    expect(days.filter((day) => new Date(day.time).getUTCDay() === 6)).toEqual([]);
    // 41 days from Wednesday 2026-10-07 hold six Saturdays.
    expect(days).toHaveLength(41 - 6);
  });

  it('makes each day of the minute range the aggregate of its stored minutes', async () => {
    for (const id of [EURUSD, BTCUSDT]) {
      const minutes = await storedCandles(database, id, 1);
      const days = (await storedCandles(database, id, 1440)).filter(
        (day) => day.time >= (minutes[0]?.time ?? 0),
      );
      const aggregated = aggregateCandles(minutes, '1D');
      expect(days.map((day) => [day.time, day.open, day.high, day.low, day.close].join())).toEqual(
        aggregated.map((day) => [day.time, day.open, day.high, day.low, day.close].join()),
      );
      expect(days.map((day) => Number(day.volume))).toEqual(aggregated.map((day) => Number(day.volume)));
    }
  });
});

describe('live path', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let runtime: MarketRuntime;
  beforeAll(async () => {
    database = await twoInstrumentDatabase();
    clock = createTestClock(new Date(NOON));
    runtime = runtimeOn(database, clock);
    await runtime.start();
  });
  afterAll(async () => {
    await runtime.stop();
    await database.drop();
  });

  it('continues from the last stored minute', async () => {
    const lastStored = (await repository.lastCandle(database.db, EURUSD, 1))?.close;
    expect(runtime.quotation(EURUSD, NOON)?.Close).toBe(Number(lastStored).toFixed(5));
    await run(runtime, clock, 2000);
    const price = Number(runtime.quotation(EURUSD, clock.now().getTime())?.Close);
    expect(Math.abs(price / Number(lastStored) - 1)).toBeLessThan(0.001);
  });

  it('writes finished minutes in batches, and today stays the aggregate of its minutes', async () => {
    await run(runtime, clock, 3 * MINUTE);
    await runtime.flush();
    const minutes = await storedCandles(database, EURUSD, 1);
    const live = runtime.memoryCandles(EURUSD, '1M')?.candles ?? [];
    const storedLive = minutes.filter((minute) => minute.time >= NOON);
    expect(storedLive.map((minute) => minute.time)).toEqual(live.map((minute) => minute.time));
    expect(storedLive.map((minute) => Number(minute.close))).toEqual(
      live.map((minute) => Number(minute.close)),
    );
    const today = (await storedCandles(database, EURUSD, 1440)).at(-1);
    const aggregated = aggregateCandles(
      minutes.filter((minute) => minute.time >= TODAY),
      '1D',
    )[0];
    expect([today?.open, today?.high, today?.low, today?.close].map(Number)).toEqual(
      [aggregated?.open, aggregated?.high, aggregated?.low, aggregated?.close].map(Number),
    );
    expect(Number(today?.volume)).toBe(Number(aggregated?.volume));
  });

  it('prunes minutes older than the retention, and only those', async () => {
    const old = { open: '1.1', high: '1.1', low: '1.1', close: '1.1', volume: '1' };
    const oldTime = NOON - 40 * DAY;
    await repository.upsertCandles(database.db, [
      { instrumentId: EURUSD, periodMinutes: 1, candle: { ...old, time: oldTime } },
      { instrumentId: EURUSD, periodMinutes: 1440, candle: { ...old, time: TODAY - 300 * DAY } },
    ]);
    const before = (await storedCandles(database, EURUSD, 1)).length;
    const days = (await storedCandles(database, EURUSD, 1440)).length;
    expect(await runtime.prune(clock.now().getTime())).toBe(1);
    expect((await storedCandles(database, EURUSD, 1)).length).toBe(before - 1);
    expect((await storedCandles(database, EURUSD, 1440)).length).toBe(days);
  });
});

describe('restart', () => {
  let database: TestDatabase;
  afterAll(async () => {
    await database.drop();
  });

  it('fills the minutes it missed from the last stored close, and resumes without a jump', async () => {
    database = await twoInstrumentDatabase();
    const clock = createTestClock(new Date(NOON));
    const first = runtimeOn(database, clock);
    await first.start();
    await run(first, clock, 90_000);
    await first.stop();
    const lastBefore = await repository.lastCandle(database.db, EURUSD, 1);
    // Down for 10 minutes.
    clock.advance(10 * MINUTE);
    const second = runtimeOn(database, clock);
    await second.start();
    const minutes = await storedCandles(database, EURUSD, 1);
    const resumedAt = Math.floor(clock.now().getTime() / MINUTE) * MINUTE;
    const filled = minutes.filter((minute) => minute.time > (lastBefore?.time ?? 0));
    expect(filled.map((minute) => minute.time)).toEqual(
      Array.from(
        { length: (resumedAt - (lastBefore?.time ?? 0)) / MINUTE - 1 },
        (_, i) => (lastBefore?.time ?? 0) + (i + 1) * MINUTE,
      ),
    );
    expect(Math.abs(Number(filled[0]?.open) / Number(lastBefore?.close) - 1)).toBeLessThan(0.001);
    const lastFilled = filled.at(-1);
    expect(second.quotation(EURUSD, clock.now().getTime())?.Close).toBe(Number(lastFilled?.close).toFixed(5));
    const today = (await storedCandles(database, EURUSD, 1440)).at(-1);
    const aggregated = aggregateCandles(
      minutes.filter((minute) => minute.time >= TODAY),
      '1D',
    )[0];
    expect([today?.open, today?.high, today?.low, today?.close, today?.volume].map(Number)).toEqual(
      [aggregated?.open, aggregated?.high, aggregated?.low, aggregated?.close, aggregated?.volume].map(
        Number,
      ),
    );
    await second.stop();
  });
});

describe('closed market and publishing', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await twoInstrumentDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('moves only crypto on a Saturday', async () => {
    const clock = createTestClock(new Date('2026-11-21T10:00:00Z'));
    // The other tests of this block may have stored EURUSD candles on a weekday: count, not none.
    const eurusdCandles = async () =>
      rowsOf(await database.db.execute(sql`select 1 from candles where instrument_id = ${EURUSD}`)).length;
    const storedBefore = await eurusdCandles();
    const runtime = runtimeOn(database, clock, { backfill: false });
    await runtime.start();
    const before = runtime.quotation(EURUSD, clock.now().getTime());
    const bitcoin = runtime.quotation(BTCUSDT, clock.now().getTime());
    await run(runtime, clock, 20_000);
    expect(runtime.quotation(EURUSD, clock.now().getTime())).toEqual(before);
    expect(runtime.quotation(BTCUSDT, clock.now().getTime())?.Time).not.toBe(bitcoin?.Time);
    expect(runtime.memoryCandles(EURUSD, '1M')?.candles).toEqual([]);
    await runtime.stop();
    expect(await eurusdCandles()).toBe(storedBefore);
  });

  it('prices quotes with a spread edited in the database, without a restart, and republishes them', async () => {
    const published: { topic: string; data: unknown }[] = [];
    const realtime: RealtimePublisher = {
      publish: (topic, data) => published.push({ topic, data }),
      publishToUser() {},
      hasSubscribers: () => true,
    };
    // Saturday: EURUSD is closed, so no tick moves it and only the edit can change its quote.
    const clock = createTestClock(new Date('2026-11-21T10:00:00Z'));
    const runtime = runtimeOn(database, clock, { backfill: false }, realtime);
    await runtime.start();
    const mid = runtime.quotation(EURUSD, clock.now().getTime())?.Close as string;
    const before = runtime.quote(EURUSD);
    await database.db.execute(sql`update instruments set spread = '0.001' where id = ${EURUSD}`);
    await runtime.refreshTerms();
    const after = runtime.quote(EURUSD);
    expect(after).toEqual(quoteFromMid(mid, '0.001', 5));
    expect(after).not.toEqual(before);
    expect(runtime.quotation(EURUSD, clock.now().getTime())?.Ask).toBe(after?.ask);
    published.length = 0;
    await run(runtime, clock, 500);
    const days = published.filter((message) => message.topic === 'market.day');
    const eurusd = days
      .flatMap((message) => message.data as { Id: number; ForexQuotations: { Ask: string } }[])
      .filter((entry) => entry.Id === EURUSD);
    expect(eurusd.at(-1)?.ForexQuotations.Ask).toBe(after?.ask);
    // Unchanged spreads publish nothing more.
    await runtime.refreshTerms();
    published.length = 0;
    await run(runtime, clock, 500);
    const again = published
      .filter((message) => message.topic === 'market.day')
      .flatMap((message) => message.data as { Id: number }[]);
    expect(again.some((entry) => entry.Id === EURUSD)).toBe(false);
    await runtime.stop();
  });

  it('publishes kline topics only when subscribed, and market.day at most every 250 ms', async () => {
    const published: { topic: string; data: unknown }[] = [];
    const subscribed = new Set(['kline.13.1M', 'kline.13.1H', 'market.day']);
    const realtime: RealtimePublisher = {
      publish: (topic, data) => published.push({ topic, data }),
      publishToUser() {},
      hasSubscribers: (topic) => subscribed.has(topic),
    };
    const clock = createTestClock(new Date(NOON));
    const runtime = runtimeOn(database, clock, { backfill: false }, realtime);
    await runtime.start();
    await run(runtime, clock, 10_000, 50);
    await runtime.stop();
    const topics = new Set(published.map((message) => message.topic));
    expect([...topics].sort()).toEqual(['kline.13.1H', 'kline.13.1M', 'market.day']);
    const day = published.filter((message) => message.topic === 'market.day');
    expect(day.length).toBeGreaterThanOrEqual(30);
    expect(day.length).toBeLessThanOrEqual(10_000 / 250 + 1);
    const last = published.filter((message) => message.topic === 'kline.13.1M').at(-1)?.data as {
      Time: number;
    };
    expect(last.Time).toBe(Math.floor(clock.now().getTime() / MINUTE) * 60);
  });
});

describe('uniqueCandleRows', () => {
  it('keeps one row per instrument, period and start, the later one, so one write never upserts a key twice', () => {
    const candle = (time: number, close: string): Candle => ({
      time,
      open: '1',
      high: close,
      low: '1',
      close,
      volume: '1',
    });
    const rows: repository.CandleWrite[] = [
      { instrumentId: 1, periodMinutes: 1, candle: candle(60_000, '1.1') },
      { instrumentId: 1, periodMinutes: 1440, candle: candle(60_000, '1.1') },
      { instrumentId: 2, periodMinutes: 1, candle: candle(60_000, '1.1') },
      { instrumentId: 1, periodMinutes: 1, candle: candle(60_000, '1.3') },
    ];
    const unique = uniqueCandleRows(rows);
    expect(unique).toHaveLength(3);
    expect(unique.find((row) => row.instrumentId === 1 && row.periodMinutes === 1)?.candle.close).toBe('1.3');
    expect(uniqueCandleRows(rows.slice(0, 3))).toEqual(rows.slice(0, 3));
  });
});
