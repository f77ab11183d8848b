import { describe, expect, it } from 'vitest';
import { mayOpenOnPrices } from './price-source-rule';

describe('mayOpenOnPrices', () => {
  it('refuses a real account on simulated prices unless staff allowed it', () => {
    const real = { accountMode: 'real', priceSource: 'simulated' } as const;
    expect(mayOpenOnPrices({ ...real, realTradingOnSimulatedPricesAllowed: false })).toBe(false);
    expect(mayOpenOnPrices({ ...real, realTradingOnSimulatedPricesAllowed: true })).toBe(true);
  });

  it('lets demo accounts trade on any prices, and everyone on live prices', () => {
    for (const allowed of [false, true]) {
      expect(
        mayOpenOnPrices({
          accountMode: 'demo',
          priceSource: 'simulated',
          realTradingOnSimulatedPricesAllowed: allowed,
        }),
      ).toBe(true);
      expect(
        mayOpenOnPrices({
          accountMode: 'demo',
          priceSource: 'live',
          realTradingOnSimulatedPricesAllowed: allowed,
        }),
      ).toBe(true);
      expect(
        mayOpenOnPrices({
          accountMode: 'real',
          priceSource: 'live',
          realTradingOnSimulatedPricesAllowed: allowed,
        }),
      ).toBe(true);
    }
  });
});
