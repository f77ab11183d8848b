import { readDecimal } from './decimal-text';
import { toDecimal } from './money';
import { PRICE_BAND_FACTOR } from './price-rule';
import { PRICE_TICKS_MAX, plainPriceTicks, priceToTicks, ticksToPrice } from './price-ticks';
import { formatPrice } from './quote';

/**
 * The checks every quote from a real feed passes before the engine sees it (docs/decisions.md
 * "Quote checks"), decided here once for every source:
 * 1. both sides are finite positive numbers (text as the venue sent it), rounded half up to the
 *    instrument's precision; a side the venue emptied is `one_sided`;
 * 2. not crossed: bid <= ask (a locked book, bid = ask, passes);
 * 3. the mid lies in the price band around the last accepted mid (PRICE_BAND_FACTOR either way, and
 *    indexable), the same band a customer's trigger price must keep to;
 * 4. the spike filter: a mid that moves more than `spikeFactor` times the median absolute move of the
 *    last SPIKE_WINDOW accepted moves (never less than SPIKE_MIN_STEPS price steps) is held; it is used
 *    only when the next quote lands within that same distance of it, else it is dropped. Moves of zero
 *    (a quote repeating the mid) are not kept: a quiet book would otherwise shrink the median to zero.
 *    Until there is a move to measure, no quote is held.
 * Moves are measured in price steps (whole ticks), so the filter is exact and needs no decimals.
 */
export const QUOTE_REFUSALS = [
  'not_a_number',
  'not_positive',
  'one_sided',
  'crossed',
  'outside_band',
  'spike',
] as const;
export type QuoteRefusal = (typeof QUOTE_REFUSALS)[number];

/** Accepted moves the spike filter's median is taken over. */
export const SPIKE_WINDOW = 100;
/** The spike filter's distance is never less than this many price steps. */
export const SPIKE_MIN_STEPS = 5;
/** The default of the `feed_spike_factor` setting. */
export const DEFAULT_SPIKE_FACTOR = 20;

/** A checked quote at the instrument's precision, and its mid in price steps. */
export type CheckedQuote = { bid: string; ask: string; midTicks: number };

export type QuoteVerdict = (
  | /** Use these quotes in order (a held quote the next one confirmed comes first). */
  { kind: 'accepted'; quotes: CheckedQuote[] }
  /** A possible spike, kept until the next quote confirms or drops it. */
  | { kind: 'held' }
  | { kind: 'refused'; reason: QuoteRefusal }
) & {
  /** A quote held before this one was not confirmed by it and is dropped (a `spike` refusal to count). */
  spikeDropped?: true;
};

type Read = { ok: true; quote: CheckedQuote } | { ok: false; reason: QuoteRefusal };

/** Reads and checks the sides of one quote at `pricePrecision` (rules 1 and 2). */
export function readQuote(bid: string | undefined, ask: string | undefined, pricePrecision: number): Read {
  if (bid === undefined || ask === undefined || bid.trim() === '' || ask.trim() === '')
    return { ok: false, reason: 'one_sided' };
  // Plain decimal text (nearly every quote) is read as whole ticks, without a decimal object per
  // side; the answer is the same as the general reading below (quote-checks.test.ts compares them).
  const bidTicks = plainPriceTicks(bid, pricePrecision);
  const askTicks = plainPriceTicks(ask, pricePrecision);
  if (bidTicks !== undefined && askTicks !== undefined && Number.isSafeInteger(bidTicks + askTicks)) {
    if (bidTicks === 0 || askTicks === 0) return { ok: false, reason: 'not_positive' };
    if (bidTicks > askTicks) return { ok: false, reason: 'crossed' };
    return {
      ok: true,
      quote: {
        bid: ticksToPrice(bidTicks, pricePrecision),
        ask: ticksToPrice(askTicks, pricePrecision),
        midTicks: (bidTicks + askTicks) / 2,
      },
    };
  }
  return readQuoteText(bid, ask, pricePrecision);
}

/** readQuote's general reading: any text decimal.js reads (signs, exponents, spaces), or a refusal. */
export function readQuoteText(bid: string, ask: string, pricePrecision: number): Read {
  const bidValue = readDecimal(bid);
  const askValue = readDecimal(ask);
  if (!bidValue || !askValue) return { ok: false, reason: 'not_a_number' };
  const bidText = formatPrice(bidValue, pricePrecision);
  const askText = formatPrice(askValue, pricePrecision);
  if (bidValue.lte(0) || askValue.lte(0) || Number(bidText) <= 0 || Number(askText) <= 0)
    return { ok: false, reason: 'not_positive' };
  const bidTicks = safeTicks(bidText, pricePrecision);
  const askTicks = safeTicks(askText, pricePrecision);
  if (bidTicks === undefined || askTicks === undefined) return { ok: false, reason: 'outside_band' };
  if (bidTicks > askTicks) return { ok: false, reason: 'crossed' };
  return { ok: true, quote: { bid: bidText, ask: askText, midTicks: (bidTicks + askTicks) / 2 } };
}

function safeTicks(price: string, pricePrecision: number): number | undefined {
  try {
    return priceToTicks(price, pricePrecision, 'exact');
  } catch {
    return undefined;
  }
}

/** The median of a non-empty list of numbers in ascending order. */
function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One instrument's quote checks: the last accepted mid, the recent moves and a held quote. */
export class QuoteChecks {
  private lastMidTicks: number;
  /** Whether a feed quote was accepted yet: the first one's distance from a stored price is no move. */
  private quoted = false;
  /** The accepted moves in arrival order (the window), and the same in ascending order (its median). */
  private readonly moves: number[] = [];
  private readonly sortedMoves: number[] = [];
  private held: { quote: CheckedQuote; distance: number } | undefined;

  /** `lastMid` is the instrument's last known price (the band's centre until a quote is accepted). */
  constructor(
    private pricePrecision: number,
    lastMid: string,
  ) {
    this.lastMidTicks = safeTicks(formatPrice(lastMid, pricePrecision), pricePrecision) ?? 0;
  }

  /** A new precision (staff edited the instrument): the history in steps no longer applies. */
  retune(pricePrecision: number, lastMid: string): void {
    if (pricePrecision === this.pricePrecision) return;
    this.pricePrecision = pricePrecision;
    this.lastMidTicks = safeTicks(formatPrice(lastMid, pricePrecision), pricePrecision) ?? 0;
    this.moves.length = 0;
    this.sortedMoves.length = 0;
    this.held = undefined;
    this.quoted = false;
  }

  /** The distance past which a move is a possible spike, in steps; undefined while no move is known. */
  spikeDistance(spikeFactor: number): number | undefined {
    if (this.moves.length === 0) return undefined;
    return Math.max(spikeFactor * median(this.sortedMoves), SPIKE_MIN_STEPS);
  }

  check(bid: string | undefined, ask: string | undefined, spikeFactor: number): QuoteVerdict {
    const read = readQuote(bid, ask, this.pricePrecision);
    if (!read.ok) return { kind: 'refused', reason: read.reason };
    const quote = read.quote;
    if (!this.inBand(quote.midTicks)) return { kind: 'refused', reason: 'outside_band' };
    const held = this.held;
    if (held) {
      this.held = undefined;
      if (Math.abs(quote.midTicks - held.quote.midTicks) <= held.distance) {
        this.accept(held.quote);
        this.accept(quote);
        return { kind: 'accepted', quotes: [held.quote, quote] };
      }
      // The held quote was not confirmed: it is dropped and this one judged afresh.
      return { ...this.judge(quote, spikeFactor), spikeDropped: true };
    }
    return this.judge(quote, spikeFactor);
  }

  private judge(quote: CheckedQuote, spikeFactor: number): QuoteVerdict {
    const distance = this.spikeDistance(spikeFactor);
    if (distance !== undefined && Math.abs(quote.midTicks - this.lastMidTicks) > distance) {
      this.held = { quote, distance };
      return { kind: 'held' };
    }
    this.accept(quote);
    return { kind: 'accepted', quotes: [quote] };
  }

  /** Whether a quote is being held now. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  private inBand(midTicks: number): boolean {
    if (this.lastMidTicks <= 0) return midTicks > 0 && midTicks <= PRICE_TICKS_MAX;
    return (
      midTicks >= this.lastMidTicks / PRICE_BAND_FACTOR &&
      midTicks <= this.lastMidTicks * PRICE_BAND_FACTOR &&
      midTicks <= PRICE_TICKS_MAX
    );
  }

  private accept(quote: CheckedQuote): void {
    const move = this.quoted ? Math.abs(quote.midTicks - this.lastMidTicks) : 0;
    this.quoted = true;
    if (move > 0) {
      this.moves.push(move);
      insertSorted(this.sortedMoves, move);
      if (this.moves.length > SPIKE_WINDOW) removeSorted(this.sortedMoves, this.moves.shift() as number);
    }
    this.lastMidTicks = quote.midTicks;
  }
}

/** The first index whose value is not below `value` (binary search of an ascending list). */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(sorted: number[], value: number): void {
  sorted.splice(lowerBound(sorted, value), 0, value);
}

function removeSorted(sorted: number[], value: number): void {
  const at = lowerBound(sorted, value);
  if (sorted[at] === value) sorted.splice(at, 1);
}

/**
 * A checked quote's mid at the instrument's precision, half up: (bid + ask) / 2 as the feed's tick
 * price. From the ticks when they are exact (always, for a quote readQuote accepted within
 * PRICE_TICKS_MAX), else with decimals.
 */
export function midPrice(quote: CheckedQuote, pricePrecision: number): string {
  const twice = quote.midTicks * 2;
  if (Number.isSafeInteger(twice)) return ticksToPrice(Math.ceil(quote.midTicks), pricePrecision);
  return formatPrice(toDecimal(quote.bid).plus(quote.ask).div(2), pricePrecision);
}
