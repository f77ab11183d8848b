import { quoteReachesTrigger } from '@meridian/domain/fill-invariant';
import { quoteFromMid } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import type { Bar } from '@meridian/domain/strategies/indicators';

const MINUTE_MS = 60_000;
/** A stop crossed within a minute is taken at the middle of that minute. */
const STOP_OFFSET_MS = 30_000;
/**
 * A bar's decision is taken at the last second of its last minute: its close is known, and the
 * market is still open then (the last bar before a weekend ends at 22:00, when forex closes).
 */
const DECISION_OFFSET_MS = 59_000;

/** The stops of the open position, as the replay watches them (the engine's rules, trigger-index.ts). */
export type WatchedStops = {
  side: Side;
  /** Exact decimal texts as stored, or null when unset. */
  stopLoss: string | null;
  takeProfit: string | null;
  openedAtMs: number;
};

export type StopHit = { kind: 'stopLoss' | 'takeProfit'; price: string; atMs: number };
export type BarClose = { bars: readonly Bar[]; atMs: number; price: number };

type WalkListener = {
  /** The position's stops now, or null without a position; read before every minute. */
  stops(): WatchedStops | null;
  stopHit(hit: StopHit): Promise<void>;
  barClosed(step: BarClose): Promise<void>;
};

type WalkOptions = {
  barMinutes: number;
  /** Closed bars handed to `barClosed`: the latest ones. */
  lookbackBars: number;
  spread: number;
  pricePrecision: number;
};

/**
 * Walks stored one-minute candles in time order, the way the live market would have seen them:
 * in each minute the position's stops are checked first (the bid for a buy, the ask for a sell, at
 * the minute's extremes; a stop-loss wins when both were crossed, as in the engine), then the
 * minute joins its bar, and when it is the bar's last minute the bar closes and the strategy is
 * asked. A bar whose last minute is missing closes when the next minute belongs to another bar
 * (a closed market); the bar still in progress at the end of the history never closes.
 */
export async function walkMinutes(
  minutes: readonly Bar[],
  options: WalkOptions,
  listener: WalkListener,
): Promise<void> {
  const barMs = options.barMinutes * MINUTE_MS;
  const bars: Bar[] = [];
  let current: Bar | undefined;
  for (let index = 0; index < minutes.length; index += 1) {
    const minute = minutes[index] as Bar;
    const stops = listener.stops();
    if (stops && minute.time > stops.openedAtMs) {
      const hit = stopCrossed(minute, stops, options);
      if (hit) await listener.stopHit({ ...hit, atMs: minute.time + STOP_OFFSET_MS });
    }
    current = foldMinute(current, minute, barMs);
    const barEnd = current.time + barMs;
    const next = minutes[index + 1];
    const closes = next ? next.time >= barEnd : minute.time + MINUTE_MS >= barEnd;
    if (!closes) continue;
    bars.push(current);
    if (bars.length > options.lookbackBars) bars.shift();
    current = undefined;
    await listener.barClosed({ bars, atMs: minute.time + DECISION_OFFSET_MS, price: minute.close });
  }
}

function foldMinute(bar: Bar | undefined, minute: Bar, barMs: number): Bar {
  if (!bar) return { ...minute, time: Math.floor(minute.time / barMs) * barMs };
  bar.high = Math.max(bar.high, minute.high);
  bar.low = Math.min(bar.low, minute.low);
  bar.close = minute.close;
  return bar;
}

/**
 * Which stop the minute crossed, if any, by the engine's firing rule at the minute's extreme quotes
 * (the mids with the spread, as the live market quotes them): a buy's stop-loss by the low's bid,
 * its take-profit by the high's; a sell's stop-loss by the high's ask, its take-profit by the low's.
 */
export function stopCrossed(
  minute: Bar,
  stops: WatchedStops,
  options: Pick<WalkOptions, 'spread' | 'pricePrecision'>,
): Omit<StopHit, 'atMs'> | undefined {
  const { stopLoss, takeProfit, side } = stops;
  const at = (mid: number) => quoteFromMid(mid, options.spread, options.pricePrecision);
  const low = at(minute.low);
  const high = at(minute.high);
  if (stopLoss !== null && quoteReachesTrigger('stop_loss', side, stopLoss, side === 'buy' ? low : high))
    return { kind: 'stopLoss', price: stopLoss };
  if (
    takeProfit !== null &&
    quoteReachesTrigger('take_profit', side, takeProfit, side === 'buy' ? high : low)
  )
    return { kind: 'takeProfit', price: takeProfit };
  return undefined;
}
