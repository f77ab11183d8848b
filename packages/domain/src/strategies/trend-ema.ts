import { emaSeries, lastTwo } from './indicators';
import { openOnAtr } from './sizing';
import { decideExit, HOLD, type StrategyDefinition } from './strategy';

/**
 * Trend Rider EUR ("trend_ema"), EURUSD on 15-minute closes.
 *
 * Published rule: the 20-bar exponential average (fast) against the 50-bar one (slow). When the fast
 * average crosses above the slow one, buy; when it crosses below, sell. A position is closed when the
 * averages stand the other way round (and the opposite position opened on the same bar), so the
 * strategy is always in the market in the direction of the last cross, or flat after its protective
 * stop-loss (3 average true ranges of 14 bars from the open price) was hit, until the next cross.
 * No take-profit: a trend runs as long as it runs. Each order risks 0.5 % of equity at its stop,
 * with margin at most 25 % of equity, at leverage 100.
 */
export const TREND_EMA = {
  fastPeriod: 20,
  slowPeriod: 50,
  atrPeriod: 14,
  stopAtr: 3,
  riskFraction: '0.005',
  marginFractionMax: '0.25',
  leverage: 100,
} as const;

export const trendEma: StrategyDefinition = {
  key: 'trend_ema',
  instrumentCode: 'EURUSD',
  barMinutes: 15,
  lookbackBars: 300,
  leverage: TREND_EMA.leverage,
  decide(input) {
    const closes = input.bars.map((bar) => bar.close);
    const fast = lastTwo(emaSeries(closes, TREND_EMA.fastPeriod));
    const slow = lastTwo(emaSeries(closes, TREND_EMA.slowPeriod));
    if (!fast || !slow) return HOLD;
    const up = fast.latest > slow.latest;
    const down = fast.latest < slow.latest;
    // The averages stand against the position.
    if (input.position) return decideExit(input.position, input.nowMs, { signal: { buy: down, sell: up } });
    return openOnAtr(input, TREND_EMA, {
      buy: fast.previous <= slow.previous && up,
      sell: fast.previous >= slow.previous && down,
    });
  },
};
