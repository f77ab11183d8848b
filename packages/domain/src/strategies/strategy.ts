import type { Side } from '../side';
import type { Bar } from './indicators';

/**
 * The platform's strategy traders: simple, published, rule-based strategies
 * whose orders go through the same trading service as anyone's. A strategy is a pure function: given
 * the closed bars so far, the price now, the open position (if any) and the account's equity, it
 * answers what to do. It keeps no state of its own, so the replay of the history and the live runner
 * decide alike on the same data, and a restart loses nothing.
 */

export type StrategyKey = 'trend_ema' | 'mean_reversion' | 'breakout' | 'crypto_momentum' | 'range_rsi';

/** The instrument's contract terms a strategy sizes and prices with (from the catalogue). */
export type StrategyInstrument = {
  pricePrecision: number;
  /** The lot step (the spec's Pip). */
  lotStep: string;
  minLots: string;
  maxLots: string;
  unitsPerLot: string;
  /** Fraction of the mid price on each side: bid = mid x (1 - spread), ask = mid x (1 + spread). */
  spread: string;
};

/** The strategy's own open position on its instrument. */
export type StrategyPosition = {
  side: Side;
  /** The fill price, decimal text. */
  openPrice: string;
  openedAtMs: number;
};

export type StrategyInput = {
  /** Closed bars of the strategy's period, oldest first; the last one has just closed. */
  bars: readonly Bar[];
  /** The mid price an order would be priced from now (the last bar's close in a replay). */
  price: number;
  /** When the decision is taken (Unix ms). */
  nowMs: number;
  position: StrategyPosition | null;
  /** The account's equity, decimal text (its balance while it holds no position). */
  equity: string;
  instrument: StrategyInstrument;
};

/**
 * What to do now. A strategy holding a position answers `close` or `hold`, never `open`: a reversal
 * is a close, after which the runner asks again with no position.
 */
export type StrategyDecision =
  | { action: 'hold' }
  | { action: 'close'; why: 'signal' | 'time' }
  | {
      action: 'open';
      side: Side;
      /** Decimal text, a multiple of the lot step within the instrument's limits. */
      lots: string;
      leverage: number;
      /** Decimal text at the instrument's precision, on the losing side of the price. */
      stopLoss: string;
      /** Decimal text at the instrument's precision, or null for none. */
      takeProfit: string | null;
    };

export type StrategyDefinition = {
  key: StrategyKey;
  /** The instrument's Code in the catalogue; every strategy trades a USD or USDT quoted one. */
  instrumentCode: string;
  /** Minutes per bar: the rule is evaluated when a bar of this size closes. */
  barMinutes: 15 | 30 | 60;
  /**
   * How many of the latest closed bars the rule reads. Both the replay and the live runner give it
   * exactly these, so the indicators (an EMA depends on where it starts) agree between the two.
   */
  lookbackBars: number;
  /** The fixed, published leverage of every order (one of the instrument's multiples). */
  leverage: number;
  decide(input: StrategyInput): StrategyDecision;
};

export const HOLD: StrategyDecision = { action: 'hold' };

/** Whole bars of `barMinutes` since the position opened (calendar time: a closed weekend counts). */
export function barsHeld(position: StrategyPosition, nowMs: number, barMinutes: number): number {
  return Math.floor((nowMs - position.openedAtMs) / (barMinutes * 60_000));
}

export const CLOSE_ON_SIGNAL: StrategyDecision = { action: 'close', why: 'signal' };
export const CLOSE_ON_TIME: StrategyDecision = { action: 'close', why: 'time' };

/** A rule's signal for each side: whether it fires for a buy, and for a sell. */
export type SideSignal = Record<Side, boolean>;

/** How a strategy leaves a position: on its exit signal, after a number of bars, or both. */
export type ExitRule = { signal?: SideSignal; time?: { barMinutes: number; holdBarsMax: number } };

/**
 * What a strategy holding `position` answers: close when the exit signal fires for the position's
 * side, else when it has been held `holdBarsMax` bars (a rule with a time limit), else hold.
 */
export function decideExit(position: StrategyPosition, nowMs: number, exit: ExitRule): StrategyDecision {
  if (exit.signal?.[position.side]) return CLOSE_ON_SIGNAL;
  if (exit.time && barsHeld(position, nowMs, exit.time.barMinutes) >= exit.time.holdBarsMax)
    return CLOSE_ON_TIME;
  return HOLD;
}
