import { type DecimalInput, toDecimal } from './money';

/** Chart periods of spec section 9, in minutes; 1M is the default. */
export const PERIODS = { '1M': 1, '5M': 5, '15M': 15, '30M': 30, '1H': 60, '1D': 1440 } as const;
export type Period = keyof typeof PERIODS;
export const DEFAULT_PERIOD: Period = '1M';
export const PERIOD_NAMES = Object.keys(PERIODS) as Period[];

const MINUTE_MS = 60_000;

/** Where the candle of a period that holds `timeMs` starts (UTC; days start at 00:00 UTC). */
export function periodStartMs(period: Period, timeMs: number): number {
  const size = PERIODS[period] * MINUTE_MS;
  return Math.floor(timeMs / size) * size;
}

/** A candle with decimal-string prices and volume; Time is the start, in milliseconds. */
export type Candle = { time: number; open: string; high: string; low: string; close: string; volume: string };

/** Folds one price (and traded volume) into the candle it belongs to. */
export function applyTrade(
  candle: Candle | undefined,
  time: number,
  price: DecimalInput,
  volume: DecimalInput,
): Candle {
  // A real feed folds thousands of prices a second, all plain text with no volume: those are folded
  // without a decimal object, to the same texts (candles.test.ts compares with applyTradeDecimal).
  if (candle && typeof price === 'string' && volume === '0' && isCanonical(candle.volume)) {
    const text = canonical(price);
    if (text !== undefined && isCanonical(candle.high) && isCanonical(candle.low))
      return {
        time: candle.time,
        open: candle.open,
        high: Number(text) > Number(candle.high) ? text : candle.high,
        low: Number(text) < Number(candle.low) ? text : candle.low,
        close: text,
        volume: candle.volume,
      };
  }
  return applyTradeDecimal(candle, time, price, volume);
}

/** applyTrade with decimal objects: any input decimal.js reads. */
export function applyTradeDecimal(
  candle: Candle | undefined,
  time: number,
  price: DecimalInput,
  volume: DecimalInput,
): Candle {
  const value = toDecimal(price);
  const text = value.toString();
  if (!candle)
    return { time, open: text, high: text, low: text, close: text, volume: toDecimal(volume).toString() };
  return {
    time: candle.time,
    open: candle.open,
    high: value.gt(candle.high) ? text : candle.high,
    low: value.lt(candle.low) ? text : candle.low,
    close: text,
    volume: toDecimal(candle.volume).plus(volume).toString(),
  };
}

const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Plain non-negative decimal text as decimal.js's toString writes it (no leading or trailing zeros,
 * no point without places), or undefined where that writing could differ from plain digits or where
 * binary floats could not compare it exactly: more than 15 significant digits (doubles keep 15
 * exactly, so two such texts compare as their numbers do), or a value decimal.js writes with an
 * exponent (below 1e-6 or from 1e21).
 */
function canonical(text: string): string | undefined {
  const match = PLAIN.exec(text);
  if (!match) return undefined;
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const digits = whole === '0' ? fraction.replace(/^0+/, '') : whole + fraction;
  if (digits.length > 15) return undefined;
  if (whole === '0' && fraction !== '' && fraction.length - digits.length > 5) return undefined;
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

function isCanonical(text: string): boolean {
  return canonical(text) === text;
}

/**
 * Joins two parts of one candle, `earlier` before `later` (a stored part and a live part):
 * open of the earlier, close of the later, highest high, lowest low, summed volume.
 */
export function mergeCandles(earlier: Candle, later: Candle): Candle {
  return {
    time: earlier.time,
    open: earlier.open,
    high: toDecimal(later.high).gt(earlier.high) ? later.high : earlier.high,
    low: toDecimal(later.low).lt(earlier.low) ? later.low : earlier.low,
    close: later.close,
    volume: toDecimal(earlier.volume).plus(later.volume).toString(),
  };
}

/**
 * Aggregates finer candles (sorted by time) into candles of a coarser period: open of the first,
 * close of the last, highest high, lowest low, summed volume.
 */
export function aggregateCandles(candles: readonly Candle[], period: Period): Candle[] {
  const result: Candle[] = [];
  for (const candle of candles) {
    const start = periodStartMs(period, candle.time);
    const last = result[result.length - 1];
    if (!last || last.time !== start) {
      result.push({ ...candle, time: start });
      continue;
    }
    last.high = toDecimal(candle.high).gt(last.high) ? candle.high : last.high;
    last.low = toDecimal(candle.low).lt(last.low) ? candle.low : last.low;
    last.close = candle.close;
    last.volume = toDecimal(last.volume).plus(candle.volume).toString();
  }
  return result;
}
