import type { Db } from '../../../db/database';
import { SERVER_LIMITS } from '../../../limits';
import * as repository from '../market.repository';
import type { FeedInstrument, HistoryRequest, PriceFeed } from './feed';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How much history a first start writes, in whole UTC days before today. */
export type BackfillSizes = { minuteDays: number; dayDays: number };
type BackfillReport = {
  instruments: number;
  minuteCandles: number;
  dayCandles: number;
  elapsedMs: number;
};

/**
 * The stretch of an instrument's history that is missing at `nowMs`: everything on a first start
 * (`dayDays` of days and `minuteDays` of minutes before today, and today up to the minute in
 * progress); after a restart, the minutes since the last stored one, so charts have no hole and
 * the live path continues from the last stored close.
 */
async function missingHistory(
  db: Db,
  instrument: FeedInstrument,
  nowMs: number,
  sizes: BackfillSizes,
): Promise<HistoryRequest | undefined> {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const toMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const minutesFloorMs = today - sizes.minuteDays * DAY_MS;
  const lastMinute = await repository.lastCandle(db, instrument.id, 1);
  const lastDay = lastMinute ? undefined : await repository.lastCandle(db, instrument.id, 1440);
  if (!lastMinute && !lastDay) {
    const fromMs = Math.min(today - sizes.dayDays * DAY_MS, minutesFloorMs);
    return { fromMs, toMs, minutesFromMs: minutesFloorMs, startPrice: instrument.basePrice };
  }
  const fromMs = lastMinute ? lastMinute.time + MINUTE_MS : (lastDay?.time ?? today) + DAY_MS;
  const startPrice = (lastMinute ?? lastDay)?.close ?? instrument.basePrice;
  if (fromMs >= toMs) return undefined;
  return { fromMs, toMs, minutesFromMs: Math.max(fromMs, minutesFloorMs), startPrice };
}

/**
 * Writes the missing history of every instrument, one transaction per instrument (a crash leaves
 * an instrument either filled or untouched), in multi-row statements of
 * SERVER_LIMITS.candleInsertBatchRowsMax rows.
 */
export async function fillHistory(
  db: Db,
  feed: PriceFeed,
  instruments: readonly FeedInstrument[],
  nowMs: number,
  sizes: BackfillSizes,
): Promise<BackfillReport> {
  const started = performance.now();
  const report: BackfillReport = { instruments: 0, minuteCandles: 0, dayCandles: 0, elapsedMs: 0 };
  for (const instrument of instruments) {
    const request = await missingHistory(db, instrument, nowMs, sizes);
    if (!request) continue;
    report.instruments += 1;
    await db.transaction(async (tx) => {
      for (const batch of feed.history(instrument, request, SERVER_LIMITS.candleInsertBatchRowsMax)) {
        const instrumentId = instrument.id;
        // History starts after the last stored minute, so its minutes are new: a plain insert.
        await repository.insertCandles(
          tx,
          batch.minutes.map((candle) => ({ instrumentId, periodMinutes: 1, candle })),
        );
        // A day already partly stored (a restart mid-day) is continued, not replaced.
        await repository.mergeCandles(
          tx,
          batch.days.map((candle) => ({ instrumentId, periodMinutes: 1440, candle })),
        );
        report.minuteCandles += batch.minutes.length;
        report.dayCandles += batch.days.length;
      }
    });
  }
  report.elapsedMs = Math.round(performance.now() - started);
  return report;
}
