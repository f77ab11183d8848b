import type { Candle } from '@meridian/domain/candles';
import { isMarketOpen } from '@meridian/domain/market-session';
import type { FeedInstrument, HistoryBatch, HistoryRequest } from './feed';
import { type PriceSimulator, TICK_INTERVAL_MS_MAX, TICK_INTERVAL_MS_MIN } from './simulator';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Model steps per stored minute. The live feed takes about 200 a minute; ten give a minute candle
 * most of its wick at a twentieth of the cost. Minutes that only feed a day candle take one step.
 */
const STEPS_PER_STORED_MINUTE = 10;
const STEPS_PER_DAY_ONLY_MINUTE = 1;
/** Volume of a minute is that of the live feed's ticks in a minute, on average. */
const TICKS_PER_MINUTE = MINUTE_MS / ((TICK_INTERVAL_MS_MIN + TICK_INTERVAL_MS_MAX) / 2);

/** A candle while it is built, in the model's floats; rounded once when it is emitted. */
type FloatCandle = { time: number; open: number; high: number; low: number; close: number; volume: number };

/**
 * History by the same model as the live path, one continuous price path from `startPrice`: day
 * candles for the whole stretch, and one-minute candles from `minutesFromMs`. Nothing is produced
 * while the market is closed (sessions change on whole hours, so each hour is checked once), and
 * the model does not move then. Each day candle of the minute range aggregates exactly its
 * minutes: the rounding is monotonic, so rounding the float aggregate equals aggregating the
 * rounded minutes.
 */
export function* simulateHistory(
  simulator: PriceSimulator,
  instrument: FeedInstrument,
  request: HistoryRequest,
  batchMinutes: number,
): Generator<HistoryBatch> {
  const { code, session } = instrument;
  const format = (candle: FloatCandle): Candle => ({
    time: candle.time,
    open: simulator.format(code, candle.open),
    high: simulator.format(code, candle.high),
    low: simulator.format(code, candle.low),
    close: simulator.format(code, candle.close),
    volume: String(candle.volume),
  });
  simulator.resumeFrom(code, request.startPrice);
  let minutes: Candle[] = [];
  let days: Candle[] = [];
  let day: FloatCandle | undefined;
  for (let hour = Math.floor(request.fromMs / HOUR_MS) * HOUR_MS; hour < request.toMs; hour += HOUR_MS) {
    if (!isMarketOpen(session, new Date(hour))) continue;
    const end = Math.min(hour + HOUR_MS, request.toMs);
    for (let time = Math.max(hour, request.fromMs); time < end; time += MINUTE_MS) {
      const stored = time >= request.minutesFromMs;
      const minute = simulateMinute(simulator, instrument, time, stored);
      if (stored) minutes.push(format(minute));
      const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
      if (day && day.time !== dayStart) {
        days.push(format(day));
        day = undefined;
      }
      if (day) foldMinute(day, minute);
      else day = { ...minute, time: dayStart };
      if (minutes.length >= batchMinutes) {
        yield { minutes, days };
        minutes = [];
        days = [];
      }
    }
  }
  if (day) days.push(format(day));
  if (minutes.length > 0 || days.length > 0) yield { minutes, days };
}

function simulateMinute(
  simulator: PriceSimulator,
  instrument: FeedInstrument,
  time: number,
  stored: boolean,
): FloatCandle {
  const steps = stored ? STEPS_PER_STORED_MINUTE : STEPS_PER_DAY_ONLY_MINUTE;
  const first = simulator.stepValue(instrument.code, MINUTE_MS / steps);
  let high = first;
  let low = first;
  let last = first;
  for (let step = 1; step < steps; step += 1) {
    last = simulator.stepValue(instrument.code, MINUTE_MS / steps);
    if (last > high) high = last;
    if (last < low) low = last;
  }
  const volume = Math.max(
    1,
    Math.round(instrument.typicalVolume * TICKS_PER_MINUTE * (0.5 + simulator.uniform(instrument.code))),
  );
  return { time, open: first, high, low, close: last, volume };
}

/** Adds a minute to its day, in place: this runs for every minute of a year of history. */
function foldMinute(day: FloatCandle, minute: FloatCandle): void {
  if (minute.high > day.high) day.high = minute.high;
  if (minute.low < day.low) day.low = minute.low;
  day.close = minute.close;
  day.volume += minute.volume;
}
