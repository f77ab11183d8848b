import type { Candle } from '@meridian/domain/candles';
import { STRATEGIES } from '@meridian/domain/strategies/catalogue';
import type { Db } from '../src/db/database';
import { fillHistory } from '../src/modules/market/live/backfill';
import { toLiveTerms } from '../src/modules/market/live/live-start';
import { SimulatedFeed } from '../src/modules/market/live/simulated-feed';
import { insertCandles, listEnabledInstruments } from '../src/modules/market/market.repository';

/**
 * Price history for the strategy traders' tests: the built-in simulator's minutes (the same model a
 * first start backfills) for the strategies' instruments only, which keeps a test's first start small.
 */
export async function fillStrategyHistory(
  db: Db,
  nowMs: number,
  sizes: { minuteDays: number; dayDays?: number; seed?: number },
) {
  const codes = new Set(STRATEGIES.map((strategy) => strategy.instrumentCode));
  const terms = (await listEnabledInstruments(db)).filter((row) => codes.has(row.code)).map(toLiveTerms);
  // Each instrument has its own random stream: these candles are those a whole first start writes.
  return fillHistory(db, new SimulatedFeed(sizes.seed ?? 20261118), terms, nowMs, {
    minuteDays: sizes.minuteDays,
    dayDays: sizes.dayDays ?? sizes.minuteDays,
  });
}

/**
 * Writes one-minute candles of `instrumentId` from `fromMs` to `toMs` (exclusive) around `mid`:
 * each minute opens and closes at `mid` and reaches `swing` (a fraction) either side, so the
 * strategies' average true range is steady and above zero.
 */
export async function writeSteadyMinutes(
  db: Db,
  instrumentId: number,
  window: { fromMs: number; toMs: number },
  price: { mid: number; swing: number; precision: number },
): Promise<void> {
  const text = (value: number) => value.toFixed(price.precision);
  const rows: { instrumentId: number; periodMinutes: 1; candle: Candle }[] = [];
  for (let time = window.fromMs; time < window.toMs; time += 60_000) {
    const candle: Candle = {
      time,
      open: text(price.mid),
      high: text(price.mid * (1 + price.swing)),
      low: text(price.mid * (1 - price.swing)),
      close: text(price.mid),
      volume: '1',
    };
    rows.push({ instrumentId, periodMinutes: 1, candle });
  }
  for (let start = 0; start < rows.length; start += 5000)
    await insertCandles(db, rows.slice(start, start + 5000));
}
