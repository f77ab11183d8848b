import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import { SERVER_LIMITS } from '../../../limits';
import type { CandleWrite } from '../market.repository';
import * as repository from '../market.repository';
import type { LiveInstrument } from './live-instrument';

/**
 * Writes the instruments' finished candles (and the minute and day in progress) in one
 * transaction. A failed write keeps them pending in memory (up to a limit), written with the next
 * flush; the minutes dropped past that limit are reported once written again.
 */
export async function writePendingCandles(
  instruments: readonly LiveInstrument[],
  dependencies: { db: Db; log: FastifyBaseLogger },
): Promise<void> {
  const { db, log } = dependencies;
  const pending = instruments.map((live) => ({ live, candles: live.pendingCandles() }));
  const rows: CandleWrite[] = [];
  for (const { live, candles } of pending) {
    const instrumentId = live.terms.id;
    for (const candle of candles.minutes) rows.push({ instrumentId, periodMinutes: 1, candle });
    for (const candle of candles.days) rows.push({ instrumentId, periodMinutes: 1440, candle });
  }
  if (rows.length === 0) return;
  const unique = uniqueCandleRows(rows);
  if (unique.length < rows.length) {
    // A broken invariant upstream, but one statement cannot upsert a key twice: left in, it would
    // fail this write and every later one, and no candle would be kept again.
    log.error({ duplicates: rows.length - unique.length }, 'duplicate candles in one write');
  }
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < unique.length; start += SERVER_LIMITS.candleInsertBatchRowsMax) {
        await repository.upsertCandles(
          tx,
          unique.slice(start, start + SERVER_LIMITS.candleInsertBatchRowsMax),
        );
      }
    });
  } catch (error) {
    log.error({ err: error }, 'candles not written; retrying with the next flush');
    return;
  }
  for (const { candles } of pending) candles.commit();
  for (const live of instruments) {
    if (live.droppedMinutes === 0) continue;
    log.error(
      { instrument: live.terms.code, dropped: live.droppedMinutes },
      'unwritten minute candles dropped',
    );
    live.droppedMinutes = 0;
  }
}

/** One row per instrument, period and start: the later one, which holds the newer state. */
export function uniqueCandleRows(rows: readonly CandleWrite[]): readonly CandleWrite[] {
  const byKey = new Map<string, CandleWrite>();
  for (const row of rows) byKey.set(`${row.instrumentId}:${row.periodMinutes}:${row.candle.time}`, row);
  return byKey.size === rows.length ? rows : [...byKey.values()];
}
