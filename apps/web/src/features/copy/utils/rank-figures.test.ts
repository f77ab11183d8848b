import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  formatCount,
  formatDrawdown,
  formatIncome,
  formatMultiple,
  formatRate,
  formatVariety,
  formatWinRate,
  NO_FIGURE,
  strategyKeyOf,
  toneOfDrawdown,
  toneOfRate,
} from './rank-figures';

describe('ranking figures', () => {
  it('shows a rate with its sign and a dash when nothing was counted', () => {
    expect(formatRate('12.34')).toBe('+12.34%');
    expect(formatRate('-5.00')).toBe('-5.00%');
    expect(formatRate('0.00')).toBe('0.00%');
    expect(formatRate('1234.50')).toBe('+1,234.50%');
    expect(formatRate(null)).toBe(NO_FIGURE);
    expect(NO_FIGURE).toBe('--');
  });

  it('colours a rate by its sign, a missing one flat', () => {
    expect(toneOfRate('3.10')).toBe('up');
    expect(toneOfRate('-0.01')).toBe('down');
    expect(toneOfRate('0.00')).toBe('flat');
    expect(toneOfRate(null)).toBe('flat');
  });

  it('shows a win rate unsigned, and "--" without orders', () => {
    expect(formatWinRate('60.00')).toBe('60.00%');
    expect(formatWinRate(null)).toBe('--');
  });

  it('shows the maximum drawdown unsigned, red above zero', () => {
    expect(formatDrawdown('8.40')).toBe('8.40%');
    expect(formatDrawdown(null)).toBe('--');
    expect(toneOfDrawdown('8.40')).toBe('down');
    expect(toneOfDrawdown('0.00')).toBe('flat');
    expect(toneOfDrawdown(null)).toBe('flat');
  });

  it('shows income at cents with its sign, grouped by thousands', () => {
    expect(formatIncome('1234.5')).toBe('+1,234.50');
    expect(formatIncome('-0.004')).toBe('0.00');
    expect(formatIncome('-12.345')).toBe('-12.35');
  });

  it('writes the leverage as the trade page does, and "--" for none', () => {
    expect(formatMultiple(100)).toBe('100x');
    expect(formatMultiple(null)).toBe('--');
    expect(formatMultiple(0)).toBe('--');
  });

  it('shows the variety or "--", and counts grouped', () => {
    expect(formatVariety('BTC/USDT')).toBe('BTC/USDT');
    expect(formatVariety(null)).toBe('--');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('badges a demo trader and a strategy trader', () => {
    expect(badgesOf({ is_demo: 0, is_strategy: 0 })).toEqual([]);
    expect(badgesOf({ is_demo: 1, is_strategy: 0 })).toEqual(['demo']);
    expect(badgesOf({ is_demo: 1, is_strategy: 1 })).toEqual(['strategy', 'demo']);
  });

  it('explains the known strategies only', () => {
    expect(strategyKeyOf('trend_ema')).toBe('copy.strategy.trend_ema');
    expect(strategyKeyOf('range_rsi')).toBe('copy.strategy.range_rsi');
    expect(strategyKeyOf('toString')).toBeNull();
    expect(strategyKeyOf(null)).toBeNull();
  });
});
