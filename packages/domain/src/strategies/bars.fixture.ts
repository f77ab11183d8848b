import type { Bar } from './indicators';
import type { StrategyInput, StrategyInstrument, StrategyPosition } from './strategy';

/**
 * Bars for the strategies' tests: closes given by the test, each bar reaching `swing` (a fraction
 * of its close) above and below, one bar every `barMinutes` from a Wednesday (forex open).
 */
export const START_MS = Date.UTC(2026, 10, 18, 0, 0);

export function barsOf(closes: readonly number[], barMinutes = 15, swing = 0.0005): Bar[] {
  return closes.map((close, index) => {
    const open = index === 0 ? close : (closes[index - 1] as number);
    return {
      time: START_MS + index * barMinutes * 60_000,
      open,
      high: Math.max(open, close) * (1 + swing),
      low: Math.min(open, close) * (1 - swing),
      close,
    };
  });
}

/** A steady series around `level` with a small zigzag, so bands and ranges are not empty. */
export function zigzag(count: number, level: number, amplitude: number): number[] {
  return Array.from(
    { length: count },
    (_, index) => level * (1 + (index % 2 === 0 ? amplitude : -amplitude)),
  );
}

/** Closes moving by a constant fraction per bar. */
export function drift(count: number, from: number, step: number): number[] {
  return Array.from({ length: count }, (_, index) => from * (1 + step) ** index);
}

export const EURUSD_TERMS: StrategyInstrument = {
  pricePrecision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  unitsPerLot: '100000',
  spread: '0.00004',
};

export const BTCUSDT_TERMS: StrategyInstrument = {
  pricePrecision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '20',
  unitsPerLot: '1',
  spread: '0.0002',
};

/** The input of a strategy at the close of the last bar, flat, with 100,000 of equity. */
export function inputAt(
  bars: readonly Bar[],
  instrument: StrategyInstrument,
  barMinutes: number,
  position: StrategyPosition | null = null,
): StrategyInput {
  const last = bars[bars.length - 1];
  if (!last) throw new Error('no bars');
  return {
    bars,
    price: last.close,
    nowMs: last.time + barMinutes * 60_000,
    position,
    equity: '100000',
    instrument,
  };
}

/**
 * A buy at `openPrice` held for a given number of bars at the input `inputAt` makes of `bars` (opened
 * that many bars of `barMinutes` before its decision time).
 */
export function buyHeldAt(
  bars: readonly Bar[],
  barMinutes: number,
  openPrice: string,
): (barsHeld: number) => StrategyPosition {
  const nowMs = (bars.at(-1)?.time ?? 0) + barMinutes * 60_000;
  return (barsHeld) => ({ side: 'buy', openPrice, openedAtMs: nowMs - barsHeld * barMinutes * 60_000 });
}
