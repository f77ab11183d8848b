import type { AssetDefinition } from './world';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/**
 * One random factor: an Ornstein-Uhlenbeck process of unit volatility, sampled exactly for any
 * time step (so the path does not depend on how often it is sampled). Assets scale and mix them.
 */
export type Factor = { value: number; rate: number; stepMs: number; decay: number; spread: number };

export function newFactor(rate: number, value = 0): Factor {
  return { value, rate, stepMs: -1, decay: 1, spread: 0 };
}

/** Moves a factor by `elapsedMs` with the standard normal `draw`; the last step's constants are kept (history steps alike). */
export function stepFactor(factor: Factor, elapsedMs: number, draw: number): void {
  if (elapsedMs !== factor.stepMs) {
    const years = Math.max(elapsedMs, 0) / YEAR_MS;
    factor.stepMs = elapsedMs;
    factor.decay = Math.exp(-factor.rate * years);
    factor.spread = Math.sqrt((1 - factor.decay * factor.decay) / (2 * factor.rate));
  }
  factor.value = factor.value * factor.decay + factor.spread * draw;
}

/** How an asset's log deviation from its base mixes its group's factor and its own. */
export function loadings(asset: AssetDefinition): { group: number; own: number } {
  const share = asset.group?.share ?? 0;
  return {
    group: asset.annualVolatility * Math.sqrt(share),
    own: asset.annualVolatility * Math.sqrt(1 - share),
  };
}

/** The own factor's value that puts an asset at `log`, given its group factor's value. */
export function ownFactorFor(asset: AssetDefinition, log: number, groupValue: number): number {
  const { group, own } = loadings(asset);
  return own > 0 ? (log - asset.baseLog - group * groupValue) / own : 0;
}
