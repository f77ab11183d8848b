import { describe, expect, it } from 'vitest';
import { BTCUSDT_TERMS, barsOf, buyHeldAt, drift, inputAt } from './bars.fixture';
import { averageTrueRange, rsiSeries } from './indicators';
import { RANGE_RSI, rangeRsi } from './range-rsi';

const falling = drift(40, 3400, -0.003);
const last = falling.at(-1) as number;

describe('range_rsi', () => {
  it('buys when the RSI climbs back above 30, take-profit 1.5 ATR and stop 2 ATR away', () => {
    // Find the smallest bounce that lifts the RSI back to 30.
    let bounce = 0;
    let closes = falling;
    while ((rsiSeries(closes, 14).at(-1) as number) < 30) {
      bounce += 0.001;
      closes = [...falling, last * (1 + bounce)];
    }
    expect(rsiSeries(closes, 14).at(-2)).toBeLessThan(30);
    const bars = barsOf(closes, 15, 0.001);
    const decision = rangeRsi.decide(inputAt(bars, BTCUSDT_TERMS, 15));
    expect(decision).toMatchObject({ action: 'open', side: 'buy', leverage: 10 });
    if (decision.action !== 'open' || decision.takeProfit === null)
      throw new Error('expected an open with a target');
    const atr = averageTrueRange(bars, RANGE_RSI.atrPeriod) as number;
    const ask = (closes.at(-1) as number) * 1.0002;
    expect(Math.abs(Number(decision.takeProfit) - (ask + 1.5 * atr))).toBeLessThan(0.02);
    expect(Math.abs(Number(decision.stopLoss) - (ask - 2 * atr))).toBeLessThan(0.02);
  });

  it('holds while oversold and still falling', () => {
    expect(rangeRsi.decide(inputAt(barsOf(falling), BTCUSDT_TERMS, 15))).toEqual({ action: 'hold' });
  });

  it('sells when the RSI falls back below 70', () => {
    const rising = drift(40, 3400, 0.003);
    let dip = 0;
    let closes = rising;
    while ((rsiSeries(closes, 14).at(-1) as number) > 70) {
      dip += 0.001;
      closes = [...rising, (rising.at(-1) as number) * (1 - dip)];
    }
    expect(rangeRsi.decide(inputAt(barsOf(closes), BTCUSDT_TERMS, 15))).toMatchObject({
      action: 'open',
      side: 'sell',
    });
  });

  it('closes a position after 12 hours (48 bars) that reached neither stop', () => {
    const bars = barsOf(falling);
    const held = buyHeldAt(bars, 15, '3300.00');
    expect(rangeRsi.decide(inputAt(bars, BTCUSDT_TERMS, 15, held(47)))).toEqual({ action: 'hold' });
    expect(rangeRsi.decide(inputAt(bars, BTCUSDT_TERMS, 15, held(48)))).toEqual({
      action: 'close',
      why: 'time',
    });
  });
});
