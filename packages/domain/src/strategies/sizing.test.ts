import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from '../money';
import { quoteFromMid } from '../quote';
import { BTCUSDT_TERMS, EURUSD_TERMS } from './bars.fixture';
import { openWithRisk, type RiskPlan } from './sizing';
import type { StrategyInput } from './strategy';

function input(price: number, equity = '100000', instrument = EURUSD_TERMS): StrategyInput {
  return { bars: [], price, nowMs: 0, position: null, equity, instrument };
}

const plan = (overrides: Partial<RiskPlan> = {}): RiskPlan => ({
  side: 'buy',
  stopLoss: { distance: 0.002 },
  takeProfit: null,
  riskFraction: '0.005',
  marginFractionMax: '0.25',
  leverage: 100,
  ...overrides,
});

describe('strategy sizing', () => {
  it('risks the fraction of equity at the stop: 500 over 20 pips of 100,000 units is 2.5 lots', () => {
    // Mid 1.10000, spread 0.00004: ask 1.10004, bid 1.09996; stop 1.10004 - 0.002 = 1.09804.
    const decision = openWithRisk(input(1.1), plan());
    expect(decision).toEqual({
      action: 'open',
      side: 'buy',
      lots: '2.5',
      leverage: 100,
      stopLoss: '1.09804',
      takeProfit: null,
    });
  });

  it('a sell: the stop above the ask side it closes at, the take-profit below', () => {
    const decision = openWithRisk(input(1.1), plan({ side: 'sell', takeProfit: { distance: 0.003 } }));
    expect(decision).toMatchObject({ side: 'sell', stopLoss: '1.10196', takeProfit: '1.09696' });
  });

  it('a take-profit or a stop-loss at a price of its own (a band), rounded to the precision', () => {
    const decision = openWithRisk(input(1.1), plan({ takeProfit: { price: 1.1012345 } }));
    expect(decision).toMatchObject({ takeProfit: '1.10123' });
    // 1.10004 - 1.09504 = 0.005: 500 / (0.005 x 100,000) = 1 lot.
    expect(openWithRisk(input(1.1), plan({ stopLoss: { price: 1.09504 } }))).toMatchObject({
      stopLoss: '1.09504',
      lots: '1',
    });
    expect(openWithRisk(input(1.1), plan({ stopLoss: { price: 1.2 } }))).toEqual({ action: 'hold' });
  });

  it('rounds lots down to the step and caps them by margin and by the maximum', () => {
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: 0.0013 } }))).toMatchObject({
      lots: '3.84',
    });
    // 25 % of 100,000 at leverage 100 holds 2,500,000 of notional: 22.72 lots at 1.10004.
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: 0.0001 } }))).toMatchObject({
      lots: '22.72',
    });
    expect(
      openWithRisk(input(1.1, '100000000'), plan({ stopLoss: { distance: 0.01 }, marginFractionMax: '1' })),
    ).toMatchObject({ lots: '50' });
  });

  it('holds below the minimum lots, with a stop not beyond the price, or without a distance', () => {
    expect(openWithRisk(input(1.1, '10'), plan())).toEqual({ action: 'hold' });
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: 0.00008 } }))).toEqual({ action: 'hold' });
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: 0 } }))).toEqual({ action: 'hold' });
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: Number.NaN } }))).toEqual({
      action: 'hold',
    });
    expect(openWithRisk(input(1.1), plan({ takeProfit: { price: 1.1 } }))).toEqual({ action: 'hold' });
    expect(openWithRisk(input(1.1), plan({ stopLoss: { distance: 2 } }))).toEqual({ action: 'hold' });
  });

  it('any order it answers passes the stop rule, sits on the lot step and risks at most the fraction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1000, max: 200000, noNaN: true }),
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.integer({ min: 1000, max: 1_000_000 }),
        (price, stopFraction, rewardRatio, side, equity) => {
          const stopDistance = price * stopFraction;
          const decision = openWithRisk(
            input(price, String(equity), BTCUSDT_TERMS),
            plan({
              side,
              stopLoss: { distance: stopDistance },
              takeProfit: { distance: stopDistance * rewardRatio },
              leverage: 10,
            }),
          );
          if (decision.action !== 'open') return;
          const quote = quoteFromMid(price.toFixed(2), BTCUSDT_TERMS.spread, 2);
          const stop = toDecimal(decision.stopLoss);
          const target = toDecimal(decision.takeProfit ?? '0');
          if (side === 'buy') {
            expect(stop.lt(quote.bid)).toBe(true);
            expect(target.gt(quote.ask)).toBe(true);
          } else {
            expect(stop.gt(quote.ask)).toBe(true);
            expect(target.lt(quote.bid)).toBe(true);
          }
          const lots = toDecimal(decision.lots);
          expect(lots.mod('0.01').isZero()).toBe(true);
          expect(lots.gte('0.01') && lots.lte('20')).toBe(true);
          const opensAt = toDecimal(side === 'buy' ? quote.ask : quote.bid);
          const loss = opensAt.minus(stop).abs().times(lots);
          expect(loss.lte(toDecimal(equity).times('0.005'))).toBe(true);
          expect(lots.times(opensAt).div(10).lte(toDecimal(equity).times('0.25'))).toBe(true);
        },
      ),
    );
  });
});
