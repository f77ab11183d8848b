/**
 * A chart indicator that follows candles as they tick. The chart builds it from its history of
 * closes (oldest first), then calls `update` while the last candle forms and `push` when a new one
 * opens; neither recomputes the history. Values are signals in binary floating point, not money
 * (the same stance as `strategies/indicators.ts`).
 */
export interface IncrementalIndicator<Value> {
  /** One value per candle, oldest first: undefined while the indicator warms up. */
  readonly series: readonly (Value | undefined)[];
  /** A new candle opens at this close; the one before it is final. */
  push(close: number): void;
  /** The forming (last) candle's close changed. */
  update(close: number): void;
}

/** The values a series holds once warm: its batch form, as the strategies read it. */
export function warmValues<Value>(series: readonly (Value | undefined)[]): Value[] {
  return series.filter((value): value is Value => value !== undefined);
}

/** An update before any candle is a programmer error in the caller's feed handling. */
export function requireFormingCandle(candleCount: number): void {
  if (candleCount === 0) throw new Error('an indicator update needs a forming candle: push one first');
}

/**
 * The last `size` closes, the forming candle last, in a ring so a push costs O(1) and nothing
 * shifts. `values()` copies the window oldest first, O(size), for the calculators allowed that.
 */
export class CloseWindow {
  private readonly ring: number[] = [];
  private count = 0;

  constructor(private readonly size: number) {}

  get full(): boolean {
    return this.count >= this.size;
  }

  get forming(): number {
    return this.ring[(this.count - 1) % this.size] as number;
  }

  /** The close that leaves the window when the next candle is pushed, once the window is full. */
  get leaving(): number {
    return this.ring[this.count % this.size] as number;
  }

  push(close: number): void {
    this.ring[this.count % this.size] = close;
    this.count += 1;
  }

  update(close: number): void {
    this.ring[(this.count - 1) % this.size] = close;
  }

  values(): number[] {
    if (!this.full) return this.ring.slice(0, this.count);
    const start = this.count % this.size;
    return [...this.ring.slice(start), ...this.ring.slice(0, start)];
  }
}
