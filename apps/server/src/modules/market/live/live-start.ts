import { LIMITS } from '@meridian/contract/limits';
import { aggregateCandles } from '@meridian/domain/candles';
import { formatPrice } from '@meridian/domain/quote';
import type { DbOrTx } from '../../../db/database';
import type { InstrumentRow } from '../market.repository';
import * as repository from '../market.repository';
import type { LiveStart, LiveTerms } from './live-instrument';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A weekly market is closed 48 hours, so a day of trading hours lies within this many hours back. */
const SPARKLINE_LOOKBACK_HOURS = LIMITS.sparklinePoints + 48;

export function toLiveTerms(row: InstrumentRow): LiveTerms {
  return {
    id: row.id,
    code: row.code,
    session: row.session,
    pricePrecision: row.pricePrecision,
    basePrice: formatPrice(row.basePrice, row.pricePrecision),
    annualVolatility: Number(row.annualVolatility),
    typicalVolume: row.typicalVolume,
    spread: row.spread,
    feedSymbol: row.feedSymbol,
    markupPoints: row.markupPoints,
  };
}

/**
 * Reads where an instrument stands at `nowMs`: its last stored price (the live path resumes from
 * it), the minute in progress if a restart fell within it, the finished minutes of this hour, and
 * today's candle rebuilt from today's stored minutes, so it is exactly their aggregate.
 */
export async function loadLiveStart(db: DbOrTx, terms: LiveTerms, nowMs: number): Promise<LiveStart> {
  const minuteStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const lastMinute = await repository.lastCandle(db, terms.id, 1);
  const last = lastMinute ?? (await repository.lastCandle(db, terms.id, 1440));
  const todayMinutes = await repository.candlesBetween(db, terms.id, 1, today, minuteStart);
  const lastTimeMs = last?.time ?? nowMs;
  const hourly = await repository.hourlyCloses(
    db,
    terms.id,
    Math.floor(lastTimeMs / HOUR_MS) * HOUR_MS - SPARKLINE_LOOKBACK_HOURS * HOUR_MS,
  );
  return {
    lastPrice: formatPrice(last?.close ?? terms.basePrice, terms.pricePrecision),
    lastTimeMs,
    currentMinute: lastMinute && lastMinute.time === minuteStart ? lastMinute : undefined,
    minutes: todayMinutes.filter((minute) => minute.time >= hourStart),
    minutesFromMs: hourStart,
    day: todayMinutes.length > 0 ? aggregateCandles(todayMinutes, '1D')[0] : undefined,
    hourlyCloses: hourly.slice(-LIMITS.sparklinePoints),
  };
}
