import { breakout } from './breakout';
import { cryptoMomentum } from './crypto-momentum';
import { meanReversion } from './mean-reversion';
import { rangeRsi } from './range-rsi';
import type { StrategyDefinition, StrategyKey } from './strategy';
import { trendEma } from './trend-ema';

/** The published strategies, one strategy trader each, so the ranking has traders from the first start. */
export const STRATEGIES: readonly StrategyDefinition[] = [
  trendEma,
  meanReversion,
  breakout,
  cryptoMomentum,
  rangeRsi,
];

export function strategyOf(key: StrategyKey): StrategyDefinition {
  const found = STRATEGIES.find((strategy) => strategy.key === key);
  if (!found) throw new Error(`unknown strategy ${key}`);
  return found;
}
