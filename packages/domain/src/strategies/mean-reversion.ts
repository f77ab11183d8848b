import { bollinger } from './indicators';
import { openOnAtr } from './sizing';
import { decideExit, HOLD, type StrategyDefinition } from './strategy';

/**
 * Band Reverter GBP ("mean_reversion"), GBPUSD on 15-minute closes.
 *
 * Published rule: Bollinger bands of 20 closes, 2 standard deviations wide. When a close falls below
 * the lower band (the close before was inside it), buy; above the upper band, sell. The take-profit
 * is the middle band as it stood at the open, the stop-loss 2.5 average true ranges of 14 bars from
 * the open price. The position is also closed when a close reaches the middle band as it moves, and
 * after 8 hours (32 bars) at the latest: a stretched price that does not come back is left alone.
 * Each order risks 0.5 % of equity at its stop, with margin at most 25 % of equity, at leverage 100.
 */
export const MEAN_REVERSION = {
  bandPeriod: 20,
  bandWidth: 2,
  atrPeriod: 14,
  stopAtr: 2.5,
  holdBarsMax: 32,
  riskFraction: '0.005',
  marginFractionMax: '0.25',
  leverage: 100,
} as const;

const BAR_MINUTES = 15;

export const meanReversion: StrategyDefinition = {
  key: 'mean_reversion',
  instrumentCode: 'GBPUSD',
  barMinutes: BAR_MINUTES,
  lookbackBars: 60,
  leverage: MEAN_REVERSION.leverage,
  decide(input) {
    const closes = input.bars.map((bar) => bar.close);
    const band = bollinger(closes, MEAN_REVERSION.bandPeriod, MEAN_REVERSION.bandWidth);
    const before = bollinger(closes.slice(0, -1), MEAN_REVERSION.bandPeriod, MEAN_REVERSION.bandWidth);
    const close = closes[closes.length - 1];
    const previousClose = closes[closes.length - 2];
    if (!band || !before || close === undefined || previousClose === undefined) return HOLD;
    if (input.position)
      return decideExit(input.position, input.nowMs, {
        // Back at the middle band as it moves.
        signal: { buy: close >= band.middle, sell: close <= band.middle },
        time: { barMinutes: BAR_MINUTES, holdBarsMax: MEAN_REVERSION.holdBarsMax },
      });
    const entry = {
      buy: close < band.lower && previousClose >= before.lower,
      sell: close > band.upper && previousClose <= before.upper,
    };
    return openOnAtr(input, MEAN_REVERSION, entry, () => ({ takeProfit: { price: band.middle } }));
  },
};
