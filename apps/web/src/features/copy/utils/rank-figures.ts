import type { RankingEntry } from '@meridian/contract/copy';
import { formatSignedMoney, toneOfAmount } from '../../../lib/money-format';
import { formatDecimal, formatPercent } from '../../../lib/number-format';
import { formatChangePercent } from '../../../lib/price-format';

/** What a figure shows when there is nothing to count (no closed order in the window). */
export const NO_FIGURE = '--';

/** Ranking money (income, profit) is a summary figure: shown at cents, like a balance. */
export const RANKING_MONEY_PLACES = 2;

export type Tone = 'up' | 'down' | 'flat';

/** A profit rate (or drawdown) in percent with its sign: "+12.34%", "-5.00%"; null is "--". */
export function formatRate(rate: string | null): string {
  return rate === null ? NO_FIGURE : formatChangePercent(rate);
}

/** A win rate in percent, never signed: "56.00%"; null is "--". */
export function formatWinRate(rate: string | null): string {
  return rate === null ? NO_FIGURE : formatPercent(rate);
}

/**
 * The maximum drawdown, the deepest fall from a peak (the server sends it as a positive percent):
 * shown unsigned under its label, "8.40%", as brokers show it; null is "--".
 */
export function formatDrawdown(drawdown: string | null): string {
  return drawdown === null ? NO_FIGURE : formatPercent(drawdown.replace(/^[+-]/, ''));
}

/** A drawdown above zero reads as a loss (red); none is flat. */
export function toneOfDrawdown(drawdown: string | null): Tone {
  return drawdown !== null && toneOfAmount(drawdown.replace(/^[+-]/, '')) === 'up' ? 'down' : 'flat';
}

/** Colour of a signed figure; "--" is flat. */
export function toneOfRate(rate: string | null): Tone {
  return rate === null ? 'flat' : toneOfAmount(rate);
}

/** Income and profit in USDT at cents, signed: "+1,234.50". */
export function formatIncome(amount: string): string {
  return formatSignedMoney(amount, RANKING_MONEY_PLACES);
}

/** The usual leverage as the trade page writes it ("100x"); none is "--". */
export function formatMultiple(multiple: number | null): string {
  return multiple === null || multiple <= 0 ? NO_FIGURE : `${multiple}x`;
}

/** The most-traded instrument; none is "--". */
export function formatVariety(code: string | null): string {
  return code === null || code.trim() === '' ? NO_FIGURE : code;
}

/** A whole number with thousands grouped: 12,345 followers. */
export function formatCount(count: number): string {
  return formatDecimal(String(count));
}

/** The badges a trader carries: a demo account is said plainly, a strategy trader is named one. */
export function badgesOf(trader: Pick<RankingEntry, 'is_demo' | 'is_strategy'>): ('demo' | 'strategy')[] {
  const badges: ('demo' | 'strategy')[] = [];
  if (trader.is_strategy === 1) badges.push('strategy');
  if (trader.is_demo === 1) badges.push('demo');
  return badges;
}

/** The strategies whose published rule the web explains (locale `copy.strategy.<key>`). */
export const STRATEGY_KEYS = {
  trend_ema: 'copy.strategy.trend_ema',
  mean_reversion: 'copy.strategy.mean_reversion',
  breakout: 'copy.strategy.breakout',
  crypto_momentum: 'copy.strategy.crypto_momentum',
  range_rsi: 'copy.strategy.range_rsi',
} as const;

/** The translation key explaining a strategy; null for a person or a strategy this web does not know. */
export function strategyKeyOf(strategy: string | null): string | null {
  if (strategy === null) return null;
  return Object.hasOwn(STRATEGY_KEYS, strategy)
    ? STRATEGY_KEYS[strategy as keyof typeof STRATEGY_KEYS]
    : null;
}
