import { describe, expect, it } from 'vitest';
import { barsOf, EURUSD_TERMS, inputAt, zigzag } from './bars.fixture';
import { BREAKOUT, breakout } from './breakout';
import { averageTrueRange, donchian } from './indicators';

const GOLD = { ...EURUSD_TERMS, pricePrecision: 2, maxLots: '30', unitsPerLot: '100', spread: '0.00008' };
const range = zigzag(40, 2650, 0.002);

describe('breakout', () => {
  it('buys a close above the 20-bar high, the stop at the nearer of the low band and 2.5 ATR', () => {
    const bars = barsOf([...range, 2650 * 1.006], 30);
    const decision = breakout.decide(inputAt(bars, GOLD, 30));
    expect(decision).toMatchObject({ action: 'open', side: 'buy', leverage: 50, takeProfit: null });
    if (decision.action !== 'open') throw new Error('expected an open');
    const channel = donchian(bars, BREAKOUT.entryPeriod) as { lower: number };
    const atr = averageTrueRange(bars, BREAKOUT.atrPeriod) as number;
    const close = 2650 * 1.006;
    const ask = close * 1.00008;
    const expected =
      close - channel.lower < BREAKOUT.stopAtr * atr ? channel.lower : ask - BREAKOUT.stopAtr * atr;
    expect(Math.abs(Number(decision.stopLoss) - expected)).toBeLessThan(0.006);
  });

  it('sells a close below the 20-bar low; holds inside the channel', () => {
    expect(breakout.decide(inputAt(barsOf([...range, 2650 * 0.994], 30), GOLD, 30))).toMatchObject({
      action: 'open',
      side: 'sell',
    });
    expect(breakout.decide(inputAt(barsOf([...range, 2650], 30), GOLD, 30))).toEqual({ action: 'hold' });
  });

  it('closes a buy when a close breaks the 10-bar low, holds it otherwise', () => {
    const held = { side: 'buy' as const, openPrice: '2660.00', openedAtMs: 0 };
    const broken = barsOf([...range, 2650 * 0.995], 30);
    expect(breakout.decide(inputAt(broken, GOLD, 30, held))).toEqual({ action: 'close', why: 'signal' });
    expect(breakout.decide(inputAt(barsOf([...range, 2651], 30), GOLD, 30, held))).toEqual({
      action: 'hold',
    });
  });
});
