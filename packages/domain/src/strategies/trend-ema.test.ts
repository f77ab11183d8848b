import { describe, expect, it } from 'vitest';
import { barsOf, drift, EURUSD_TERMS, inputAt } from './bars.fixture';
import { averageTrueRange, emaSeries } from './indicators';
import type { StrategyDecision } from './strategy';
import { TREND_EMA, trendEma } from './trend-ema';

// A slow fall, then a rise: the fast average crosses above the slow one somewhere in the rise.
const closes = [...drift(200, 1.1, -0.0002), ...drift(60, 1.1 * 0.9998 ** 199, 0.0015)];
const bars = barsOf(closes);

/** The first bar at which the rule, flat, opens. */
function firstOpen(): { end: number; decision: Extract<StrategyDecision, { action: 'open' }> } {
  for (let end = 2; end <= bars.length; end += 1) {
    const decision = trendEma.decide(inputAt(bars.slice(0, end), EURUSD_TERMS, 15));
    if (decision.action === 'open') return { end, decision };
  }
  throw new Error('never opened');
}

describe('trend_ema', () => {
  it('buys at the bar where the 20-bar average crosses above the 50-bar one, stop 3 ATR away, no take-profit', () => {
    const { end, decision } = firstOpen();
    const seen = bars.slice(0, end).map((bar) => bar.close);
    const fast = emaSeries(seen, TREND_EMA.fastPeriod);
    const slow = emaSeries(seen, TREND_EMA.slowPeriod);
    expect(fast.at(-1)).toBeGreaterThan(slow.at(-1) as number);
    expect(fast.at(-2)).toBeLessThanOrEqual(slow.at(-2) as number);
    expect(end).toBeGreaterThan(200);
    const ask = Number((seen.at(-1) as number) * 1.00004);
    const atr = averageTrueRange(bars.slice(0, end), TREND_EMA.atrPeriod) as number;
    expect(decision).toMatchObject({ side: 'buy', leverage: 100, takeProfit: null });
    expect(Math.abs(Number(decision.stopLoss) - (ask - 3 * atr))).toBeLessThan(0.00002);
  });

  it('a sell held against the cross is closed (and the buy follows when asked again flat)', () => {
    const { end } = firstOpen();
    const now = bars.slice(0, end);
    const held = { side: 'sell' as const, openPrice: '1.09000', openedAtMs: 0 };
    expect(trendEma.decide(inputAt(now, EURUSD_TERMS, 15, held))).toEqual({ action: 'close', why: 'signal' });
    const buyHeld = { ...held, side: 'buy' as const };
    expect(trendEma.decide(inputAt(now, EURUSD_TERMS, 15, buyHeld))).toEqual({ action: 'hold' });
  });

  it('flat without a fresh cross, it waits (after a stop-out, until the next cross)', () => {
    const { end } = firstOpen();
    expect(trendEma.decide(inputAt(bars.slice(0, end + 1), EURUSD_TERMS, 15))).toEqual({ action: 'hold' });
  });
});
