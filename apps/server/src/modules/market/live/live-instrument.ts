import { LIMITS } from '@meridian/contract/limits';
import type { Quotation } from '@meridian/contract/market';
import {
  aggregateCandles,
  applyTrade,
  type Candle,
  mergeCandles,
  type Period,
  periodStartMs,
} from '@meridian/domain/candles';
import { plainDecimal } from '@meridian/domain/money';
import { priceToTicks } from '@meridian/domain/price-ticks';
import {
  dayChangePercent,
  formatPrice,
  type Quote,
  quoteFromMid,
  quoteWithMarkup,
} from '@meridian/domain/quote';
import { SERVER_LIMITS } from '../../../limits';
import type { MemoryCandles } from '../../../live-market';
import type { FeedInstrument } from './feed';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const dayOf = (timeMs: number) => Math.floor(timeMs / DAY_MS) * DAY_MS;
const hourOf = (timeMs: number) => Math.floor(timeMs / HOUR_MS) * HOUR_MS;

export type LiveTerms = FeedInstrument & {
  spread: string;
  /** Price points added to each side of a real feed's quote (the bid lowered, the ask raised); absent: 0. */
  markupPoints?: number;
};

/** Where an instrument stands at start, read from the stored candles. */
export type LiveStart = {
  lastPrice: string;
  lastTimeMs: number;
  /** The stored minute that is still in progress (a restart within the same minute). */
  currentMinute: Candle | undefined;
  /** Stored finished minutes from `minutesFromMs` (an hour boundary) on. */
  minutes: Candle[];
  minutesFromMs: number;
  /** Today's finished minutes aggregated. */
  day: Candle | undefined;
  hourlyCloses: { time: number; close: string }[];
};

/** Candles waiting for the database, and how to mark them written once the write commits. */
type PendingCandles = { minutes: Candle[]; days: Candle[]; commit(): void };

/**
 * One instrument's live market in memory: the minute in progress, the finished minutes of the
 * current hour (and any not yet written), today's candle, the last price, and the hourly closes of
 * its sparkline. Every tick folds into the minute (domain applyTrade); the other periods are
 * aggregates of minutes, so a 15M or 1D candle always equals the aggregate of its minutes.
 * Invariant: every minute that starts at or after `minutesFromMs` is in `minutes` or `current`.
 */
export class LiveInstrument {
  lastPrice: string;
  lastTimeMs: number;
  private current: Candle | undefined;
  /**
   * The start of the latest finished minute: a tick stamped in it or before is late (a relayed
   * leader's tick, a feed's lagging stamp) and must not open that minute a second time, which would
   * hold two candles of one start (two rows for one key in the next write).
   */
  private finishedMinuteMs: number;
  private readonly minutes: Candle[];
  private minutesFromMs: number;
  /** Today's finished minutes aggregated (the same day as `current`, when both exist). */
  private day: Candle | undefined;
  private readonly unsavedMinutes: Candle[] = [];
  /** Finished days whose last state is not written yet. */
  private readonly unsavedDays: Candle[] = [];
  /** Changes with every tick; the minute in progress and today's candle are written when it moved. */
  private version = 0;
  private savedVersion = 0;
  private readonly hourly: { time: number; close: string }[];
  /** Unwritten minutes dropped because the database was away too long (logged by the runtime). */
  droppedMinutes = 0;
  /** The bid and ask of `lastPrice`, kept until the price moves: thousands of fills may read one tick. */
  private quoted: { mid: string; quote: Quote } | undefined;
  /** A real feed's last checked bid and ask (before the markup); undefined with the simulator. */
  private feedQuote: Quote | undefined;
  /** The extremes of the feed quotes of the latest loop run (takeQuoteRange). */
  private range:
    | {
        loopRun: number;
        count: number;
        low: Quote;
        high: Quote;
        lowTicks: [number, number];
        highTicks: [number, number];
      }
    | undefined;

  private liveTerms: LiveTerms;

  constructor(terms: LiveTerms, start: LiveStart) {
    this.liveTerms = terms;
    this.lastPrice = start.lastPrice;
    this.lastTimeMs = start.lastTimeMs;
    this.current = start.currentMinute;
    this.minutes = [...start.minutes];
    this.finishedMinuteMs = start.minutes.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
    this.minutesFromMs = start.minutesFromMs;
    this.day = start.day;
    this.hourly = start.hourlyCloses.slice(-LIMITS.sparklinePoints);
  }

  /**
   * Folds one tick into the minute in progress. A tick older than that minute, or stamped in a minute
   * already finished (or a day already passed), is ignored. A real
   * feed's tick carries its bid and ask, which price the quote from then on.
   */
  applyTick(timeMs: number, price: string, volume: string, sides?: Quote, loopRun = 0): boolean {
    const minuteStart = Math.floor(timeMs / MINUTE_MS) * MINUTE_MS;
    if (this.current ? minuteStart < this.current.time : minuteStart <= this.finishedMinuteMs) return false;
    if (this.day && minuteStart < this.day.time) return false;
    if (sides) {
      this.feedQuote = sides;
      this.quoted = undefined;
      this.widenRange(sides, loopRun);
    }
    if (this.current && minuteStart > this.current.time) this.finishMinute();
    if (this.day && this.day.time !== dayOf(minuteStart)) {
      this.unsavedDays.push(this.day);
      this.day = undefined;
    }
    this.current = applyTrade(this.current, minuteStart, price, volume);
    this.lastPrice = price;
    this.lastTimeMs = timeMs;
    this.version += 1;
    this.recordHourlyClose(minuteStart, price);
    return true;
  }

  get terms(): LiveTerms {
    return this.liveTerms;
  }

  /**
   * Takes a back-office change of the terms the live market uses: the spread prices the next
   * quote; the precision formats the next prices and candles (the price path itself is not moved);
   * the session sets the market's hours. Answers what changed: `feed` when the feed must resume
   * the instrument with the new terms (precision or session), `quote` when the quote moved.
   */
  retune(terms: Pick<LiveTerms, 'spread' | 'pricePrecision' | 'session' | 'feedSymbol' | 'markupPoints'>): {
    quote: boolean;
    feed: boolean;
  } {
    const old = this.liveTerms;
    const feed =
      old.pricePrecision !== terms.pricePrecision ||
      old.session !== terms.session ||
      old.feedSymbol !== terms.feedSymbol;
    const quote = feed || old.spread !== terms.spread || old.markupPoints !== terms.markupPoints;
    if (!quote) return { quote, feed };
    // A new symbol or precision: the old symbol's quote no longer prices this instrument.
    if (old.feedSymbol !== terms.feedSymbol || old.pricePrecision !== terms.pricePrecision)
      this.feedQuote = undefined;
    this.liveTerms = {
      ...old,
      spread: terms.spread,
      pricePrecision: terms.pricePrecision,
      session: terms.session,
      feedSymbol: terms.feedSymbol,
      markupPoints: terms.markupPoints,
    };
    this.quoted = undefined;
    return { quote, feed };
  }

  /**
   * The live bid and ask: a real feed's last checked quote widened by the markup, or (the simulator)
   * the last price with the instrument's spread.
   */
  quote(): Quote {
    if (this.quoted?.mid !== this.lastPrice) {
      const { spread, pricePrecision, markupPoints } = this.terms;
      this.quoted = {
        mid: this.lastPrice,
        quote: this.feedQuote
          ? quoteWithMarkup(this.feedQuote, markupPoints ?? 0, pricePrecision)
          : quoteFromMid(this.lastPrice, spread, pricePrecision),
      };
    }
    return this.quoted.quote;
  }

  /** Keeps the lowest and highest of each side of the feed quotes applied in one run of the market loop. */
  private widenRange(sides: Quote, loopRun: number): void {
    const precision = this.terms.pricePrecision;
    const bid = priceToTicks(sides.bid, precision, 'exact');
    const ask = priceToTicks(sides.ask, precision, 'exact');
    const range = this.range;
    if (range?.loopRun !== loopRun) {
      this.range = {
        loopRun,
        count: 1,
        low: sides,
        high: sides,
        lowTicks: [bid, ask],
        highTicks: [bid, ask],
      };
      return;
    }
    range.count += 1;
    const [lowBid, lowAsk] = range.lowTicks;
    const [highBid, highAsk] = range.highTicks;
    range.low = {
      bid: bid < lowBid ? sides.bid : range.low.bid,
      ask: ask < lowAsk ? sides.ask : range.low.ask,
    };
    range.high = {
      bid: bid > highBid ? sides.bid : range.high.bid,
      ask: ask > highAsk ? sides.ask : range.high.ask,
    };
    range.lowTicks = [Math.min(bid, lowBid), Math.min(ask, lowAsk)];
    range.highTicks = [Math.max(bid, highBid), Math.max(ask, highAsk)];
  }

  /**
   * The lowest and highest quotes (each side on its own, markup applied) of the several feed quotes
   * applied in the loop run `loopRun`, once: the trading engine checks its triggers against both, so
   * a quote that crossed a stop counts even when a later quote of the same run came back. Undefined
   * when the run applied at most one quote (the live quote is then the only one).
   */
  takeQuoteRange(loopRun: number): { low: Quote; high: Quote } | undefined {
    const range = this.range;
    if (range?.loopRun !== loopRun || range.count < 2) return undefined;
    this.range = undefined;
    const { markupPoints, pricePrecision } = this.terms;
    return {
      low: quoteWithMarkup(range.low, markupPoints ?? 0, pricePrecision),
      high: quoteWithMarkup(range.high, markupPoints ?? 0, pricePrecision),
    };
  }

  /** Finishes the minute in progress once its minute is over, even when no tick follows. */
  advanceTo(nowMs: number): void {
    if (this.current && this.current.time + MINUTE_MS <= nowMs) this.finishMinute();
  }

  /** The candle in progress of a period, for the kline topic. */
  currentCandle(period: Period): Candle | undefined {
    const current = this.current;
    if (!current) return undefined;
    if (period === '1M') return current;
    if (period === '1D')
      return this.day ? mergeCandles(this.day, current) : { ...current, time: dayOf(current.time) };
    const bucket = periodStartMs(period, current.time);
    const members = this.minutes.filter((minute) => minute.time >= bucket);
    return aggregateCandles([...members, current], period)[0];
  }

  /** The candles of a period held in memory; the kline call reads older ones from the database. */
  memoryCandles(period: Period): MemoryCandles {
    if (period === '1D') {
      const today = this.todayCandle();
      const days = today ? [...this.unsavedDays, today] : [...this.unsavedDays];
      return { fromMs: days[0]?.time ?? Number.MAX_SAFE_INTEGER, candles: days };
    }
    const minutes = this.current ? [...this.minutes, this.current] : [...this.minutes];
    return {
      fromMs: this.minutesFromMs,
      candles: period === '1M' ? minutes : aggregateCandles(minutes, period),
    };
  }

  /**
   * Day statistics at `nowMs` (UTC day): Open is the day's first price, or the previous close
   * when the day has no price yet; Close is the last price.
   */
  quotation(nowMs: number): Quotation {
    const { pricePrecision, spread } = this.terms;
    const today = this.todayCandle();
    const candle = today && today.time === dayOf(nowMs) ? today : undefined;
    const close = this.lastPrice;
    const open = candle?.open ?? close;
    const { bid, ask } = this.feedQuote ? this.quote() : quoteFromMid(close, spread, pricePrecision);
    return {
      Open: formatPrice(open, pricePrecision),
      Close: formatPrice(close, pricePrecision),
      Change: dayChangePercent(open, close),
      High: formatPrice(candle?.high ?? close, pricePrecision),
      Low: formatPrice(candle?.low ?? close, pricePrecision),
      Volume: plainDecimal(candle?.volume ?? '0'),
      Bid: bid,
      Ask: ask,
      Time: this.lastTimeMs,
    };
  }

  /** Closes of the last hours with prices, oldest first (the home list's sparkline). */
  sparkline(): string[] {
    return this.hourly.map((point) => formatPrice(point.close, this.terms.pricePrecision));
  }

  /** What the next write must hold: finished minutes and days, plus the minute and day in progress. */
  pendingCandles(): PendingCandles {
    const version = this.version;
    const changed = version !== this.savedVersion;
    const today = changed ? this.todayCandle() : undefined;
    const minutes =
      changed && this.current ? [...this.unsavedMinutes, this.current] : [...this.unsavedMinutes];
    const days = today ? [...this.unsavedDays, today] : [...this.unsavedDays];
    const writtenMinutes = new Set(this.unsavedMinutes);
    const writtenDays = new Set(this.unsavedDays);
    return {
      minutes,
      days,
      commit: () => {
        // By identity: ticks may have added candles (or dropped old ones) while the write ran.
        removeWhere(this.unsavedMinutes, (minute) => writtenMinutes.has(minute));
        removeWhere(this.unsavedDays, (day) => writtenDays.has(day));
        if (this.savedVersion < version) this.savedVersion = version;
        this.forgetSavedMinutes();
      },
    };
  }

  private finishMinute(): void {
    const minute = this.current;
    if (!minute) return;
    this.current = undefined;
    this.finishedMinuteMs = minute.time;
    this.minutes.push(minute);
    this.unsavedMinutes.push(minute);
    this.day = this.day ? mergeCandles(this.day, minute) : { ...minute, time: dayOf(minute.time) };
    this.version += 1;
    if (this.unsavedMinutes.length > SERVER_LIMITS.unsavedMinuteCandlesPerInstrumentMax) {
      this.unsavedMinutes.shift();
      this.droppedMinutes += 1;
    }
  }

  /** Today's candle so far: finished minutes and the minute in progress. */
  private todayCandle(): Candle | undefined {
    const { day, current } = this;
    if (day && current) return mergeCandles(day, current);
    if (current) return { ...current, time: dayOf(current.time) };
    return day;
  }

  /** Keeps written minutes only back to the current hour (or the oldest unwritten minute's hour). */
  private forgetSavedMinutes(): void {
    const oldestNeeded = Math.min(
      this.lastTimeMs,
      this.unsavedMinutes[0]?.time ?? this.lastTimeMs,
      this.current?.time ?? this.lastTimeMs,
    );
    const keepFrom = hourOf(oldestNeeded);
    if (keepFrom <= this.minutesFromMs) return;
    this.minutesFromMs = keepFrom;
    const firstKept = this.minutes.findIndex((minute) => minute.time >= keepFrom);
    this.minutes.splice(0, firstKept < 0 ? this.minutes.length : firstKept);
  }

  private recordHourlyClose(minuteStart: number, price: string): void {
    const hour = hourOf(minuteStart);
    const last = this.hourly[this.hourly.length - 1];
    if (last && last.time === hour) last.close = price;
    else this.hourly.push({ time: hour, close: price });
    if (this.hourly.length > LIMITS.sparklinePoints) this.hourly.shift();
  }
}

function removeWhere<T>(items: T[], predicate: (item: T) => boolean): void {
  let kept = 0;
  for (const item of items) if (!predicate(item)) items[kept++] = item;
  items.length = kept;
}
