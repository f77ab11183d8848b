import { hashText, type Random, seededRandom } from './random';

/** What the simulator needs to know of an instrument. */
export type SimulatedInstrument = {
  code: string;
  /** The level the price wanders around, as a decimal string. */
  basePrice: string;
  /** Annualised volatility of its asset class (0.07 = 7 %). */
  annualVolatility: number;
  pricePrecision: number;
  /** Typical lots traded per tick, for the volume statistics. */
  typicalVolume: number;
};

/** The live feed ticks a few times a second: each gap is drawn uniformly from this range (300 ms on average). */
export const TICK_INTERVAL_MS_MIN = 150;
export const TICK_INTERVAL_MS_MAX = 450;

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** Prices revert to their base level with this half-life, so no path drifts to zero or infinity. */
const REVERSION_HALF_LIFE_MS = 90 * 24 * 3600 * 1000;
const REVERSION_RATE_PER_YEAR = Math.LN2 / (REVERSION_HALF_LIFE_MS / YEAR_MS);

type PathState = { instrument: SimulatedInstrument; random: Random; logDeviation: number; baseLog: number };

/**
 * The built-in price model: each instrument's log price follows an Ornstein-Uhlenbeck process
 * around its base level (a random walk with the volatility of its asset class, gently pulled
 * back), sampled exactly for any time step. The same seed and the same sequence of steps give
 * the same prices. The model computes in binary floating point; the price it publishes is
 * rounded once to the instrument's precision and travels on as a decimal string.
 *
 * Rounding uses Number.prototype.toFixed: half up at the float's exact binary value. It is
 * monotonic, so the highest of rounded prices is the rounded highest, which lets the history
 * generator aggregate in floats and round once, and it is fast enough for millions of candles.
 */
export class PriceSimulator {
  private readonly paths = new Map<string, PathState>();

  constructor(seed: number, instruments: readonly SimulatedInstrument[]) {
    for (const instrument of instruments) {
      this.paths.set(instrument.code, {
        instrument,
        random: seededRandom((seed ^ hashText(instrument.code)) >>> 0),
        logDeviation: 0,
        baseLog: Math.log(Number(instrument.basePrice)),
      });
    }
  }

  /** Moves one instrument's price forward by `elapsedMs` and answers the new price. */
  step(code: string, elapsedMs: number): string {
    return this.format(code, this.stepValue(code, elapsedMs));
  }

  /** Like `step`, but answers the model's unrounded value (history generation rounds later, once). */
  stepValue(code: string, elapsedMs: number): number {
    const path = this.path(code);
    const years = Math.max(elapsedMs, 0) / YEAR_MS;
    const decay = Math.exp(-REVERSION_RATE_PER_YEAR * years);
    const spread =
      path.instrument.annualVolatility * Math.sqrt((1 - decay * decay) / (2 * REVERSION_RATE_PER_YEAR));
    path.logDeviation = path.logDeviation * decay + spread * path.random.normal();
    return Math.exp(path.baseLog + path.logDeviation);
  }

  /** The current price, rounded to the instrument's precision. */
  price(code: string): string {
    const path = this.path(code);
    return this.format(code, Math.exp(path.baseLog + path.logDeviation));
  }

  /** A model value as a price: rounded once to the instrument's precision (see the class comment). */
  format(code: string, value: number): string {
    return value.toFixed(this.path(code).instrument.pricePrecision);
  }

  /** Lots traded in one tick: a positive draw around the instrument's typical volume. */
  volume(code: string): number {
    const path = this.path(code);
    return Math.max(1, Math.round(path.instrument.typicalVolume * (0.2 + 1.6 * path.random.next())));
  }

  /** A uniform draw from the instrument's own stream (tick timing), so timing is reproducible too. */
  uniform(code: string): number {
    return this.path(code).random.next();
  }

  /** Continues a path from a known price (the last stored candle) instead of the base level. */
  resumeFrom(code: string, price: string): void {
    const path = this.path(code);
    path.logDeviation = Math.log(Number(price)) - path.baseLog;
  }

  private path(code: string): PathState {
    const path = this.paths.get(code);
    if (!path) throw new Error(`unknown instrument ${code}`);
    return path;
  }
}
