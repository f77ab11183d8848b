import type { Candle } from '@meridian/contract/market';
import { WEB_LIMITS } from '../../../lib/limits';

/**
 * The candles on one chart (one instrument and period) by start time, as the server sent them:
 * the legend shows these exact strings, never the chart's floats. Pushes that arrive before the
 * history wait and are applied on top of it; a push older than the last candle is refused, since
 * the chart can only extend or update its last bar.
 */
export class CandleBook {
  private readonly byTime = new Map<number, Candle>();
  private readonly pending: Candle[] = [];
  private lastTime = Number.NEGATIVE_INFINITY;
  private firstTime = Number.POSITIVE_INFINITY;
  private loaded = false;
  /** Set when a page of older history came back empty: the chart has reached the stored start. */
  private startReached = false;

  /** Takes the history; returns the waiting pushes that still apply, oldest first. */
  load(history: readonly Candle[]): Candle[] {
    this.byTime.clear();
    for (const candle of history) this.byTime.set(candle.Time, candle);
    this.lastTime = history.at(-1)?.Time ?? Number.NEGATIVE_INFINITY;
    this.firstTime = history[0]?.Time ?? Number.POSITIVE_INFINITY;
    this.startReached = history.length === 0;
    this.loaded = true;
    const waiting = this.pending.splice(0).sort((a, b) => a.Time - b.Time);
    return waiting.filter((candle) => this.accept(candle));
  }

  /** A live candle: true when the chart should draw it (history loaded, not older than the last). */
  accept(candle: Candle): boolean {
    if (!this.loaded) {
      this.pending.push(candle);
      if (this.pending.length > WEB_LIMITS.chartPendingCandlesMax) this.pending.shift();
      return false;
    }
    if (candle.Time < this.lastTime) return false;
    this.byTime.set(candle.Time, candle);
    this.lastTime = candle.Time;
    return true;
  }

  /**
   * A page of older history, asked for with `before` = `beforeTime`. Taken only while the book's
   * first candle is still that one (a reload in between makes the page belong to another history);
   * answers how many candles it added before the first. An empty page marks the start reached.
   */
  prepend(older: readonly Candle[], beforeTime: number): number {
    if (!this.loaded || beforeTime !== this.firstTime) return 0;
    const added = older.filter((candle) => candle.Time < beforeTime);
    if (added.length === 0) {
      this.startReached = true;
      return 0;
    }
    for (const candle of added) this.byTime.set(candle.Time, candle);
    this.firstTime = Math.min(...added.map((candle) => candle.Time));
    return added.length;
  }

  /** The time `before` asks older history from, or undefined when there is none to ask for. */
  olderFrom(): number | undefined {
    return this.loaded && !this.startReached && Number.isFinite(this.firstTime) ? this.firstTime : undefined;
  }

  /** Every candle, oldest first (what the chart draws after a page of older history). */
  list(): Candle[] {
    return [...this.byTime.values()].sort((a, b) => a.Time - b.Time);
  }

  get(time: number): Candle | undefined {
    return this.byTime.get(time);
  }

  last(): Candle | undefined {
    return this.byTime.get(this.lastTime);
  }

  isLoaded(): boolean {
    return this.loaded;
  }
}
