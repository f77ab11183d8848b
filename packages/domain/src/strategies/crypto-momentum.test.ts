import { describe, expect, it } from 'vitest';
import { BTCUSDT_TERMS, barsOf, inputAt, zigzag } from './bars.fixture';
import { CRYPTO_MOMENTUM, cryptoMomentum } from './crypto-momentum';
import { averageTrueRange } from './indicators';

const flat = zigzag(30, 95000, 0.002);

describe('crypto_momentum', () => {
  it('buys when the 12-hour rate of change rises above +2 %, stop 2 ATR and take-profit 3 ATR away', () => {
    const bars = barsOf([...flat, 95000 * 1.03], 60, 0.002);
    const decision = cryptoMomentum.decide(inputAt(bars, BTCUSDT_TERMS, 60));
    expect(decision).toMatchObject({ action: 'open', side: 'buy', leverage: 10 });
    if (decision.action !== 'open' || decision.takeProfit === null)
      throw new Error('expected an open with a target');
    const atr = averageTrueRange(bars, CRYPTO_MOMENTUM.atrPeriod) as number;
    const ask = 95000 * 1.03 * 1.0002;
    expect(Math.abs(Number(decision.stopLoss) - (ask - 2 * atr))).toBeLessThan(0.02);
    expect(Math.abs(Number(decision.takeProfit) - (ask + 3 * atr))).toBeLessThan(0.02);
  });

  it('sells below -2 %, only when it crosses the threshold', () => {
    expect(
      cryptoMomentum.decide(inputAt(barsOf([...flat, 95000 * 0.97], 60), BTCUSDT_TERMS, 60)),
    ).toMatchObject({
      action: 'open',
      side: 'sell',
    });
    const stillUp = barsOf([...flat, 95000 * 1.03, 95000 * 1.035], 60);
    expect(cryptoMomentum.decide(inputAt(stillUp, BTCUSDT_TERMS, 60))).toEqual({ action: 'hold' });
  });

  it('closes a buy when the momentum turns below zero', () => {
    const held = { side: 'buy' as const, openPrice: '97000.00', openedAtMs: 0 };
    const turned = barsOf([...flat, 95000 * 0.99], 60);
    expect(cryptoMomentum.decide(inputAt(turned, BTCUSDT_TERMS, 60, held))).toEqual({
      action: 'close',
      why: 'signal',
    });
    const rising = barsOf([...flat, 95000 * 1.01], 60);
    expect(cryptoMomentum.decide(inputAt(rising, BTCUSDT_TERMS, 60, held))).toEqual({ action: 'hold' });
  });
});
