import { describe, expect, it } from 'vitest';
import { barsOf, buyHeldAt, EURUSD_TERMS, inputAt, zigzag } from './bars.fixture';
import { bollinger } from './indicators';
import { MEAN_REVERSION, meanReversion } from './mean-reversion';

const calm = zigzag(40, 1.27, 0.0004);
const dropped = [...calm, 1.27 * 0.995];

describe('mean_reversion', () => {
  it('buys a close below the lower band, take-profit at the middle band', () => {
    const band = bollinger(dropped, MEAN_REVERSION.bandPeriod, MEAN_REVERSION.bandWidth);
    const decision = meanReversion.decide(inputAt(barsOf(dropped), EURUSD_TERMS, 15));
    expect(decision).toMatchObject({ action: 'open', side: 'buy', leverage: 100 });
    if (decision.action !== 'open' || !band) throw new Error('expected an open');
    expect(decision.takeProfit).toBe(band.middle.toFixed(5));
    expect(Number(decision.stopLoss)).toBeLessThan(1.27 * 0.995);
  });

  it('sells a close above the upper band', () => {
    const decision = meanReversion.decide(inputAt(barsOf([...calm, 1.27 * 1.005]), EURUSD_TERMS, 15));
    expect(decision).toMatchObject({ action: 'open', side: 'sell' });
  });

  it('only on the first close outside the band', () => {
    const twice = [...dropped, 1.27 * 0.994];
    expect(meanReversion.decide(inputAt(barsOf(twice), EURUSD_TERMS, 15))).toEqual({ action: 'hold' });
  });

  it('closes a buy when a close is back at the middle band, or after 32 bars', () => {
    const bars = barsOf([...dropped, 1.27 * 0.997]);
    const held = buyHeldAt(bars, 15, '1.26365');
    expect(meanReversion.decide(inputAt(bars, EURUSD_TERMS, 15, held(31)))).toEqual({ action: 'hold' });
    expect(meanReversion.decide(inputAt(bars, EURUSD_TERMS, 15, held(32)))).toEqual({
      action: 'close',
      why: 'time',
    });
    const back = barsOf([...dropped, 1.27 * 1.001]);
    expect(meanReversion.decide(inputAt(back, EURUSD_TERMS, 15, held(1)))).toEqual({
      action: 'close',
      why: 'signal',
    });
  });
});
