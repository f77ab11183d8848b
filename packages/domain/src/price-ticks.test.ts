import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import { priceToTicks } from './price-ticks';

describe('price ticks', () => {
  it('is the price x 10^precision, read from the text', () => {
    expect(priceToTicks('1.08504', 5, 'exact')).toBe(108_504);
    expect(priceToTicks('1.085', 5, 'exact')).toBe(108_500);
    expect(priceToTicks('38500', 0, 'exact')).toBe(38_500);
    expect(priceToTicks('95000.00', 2, 'exact')).toBe(9_500_000);
    expect(priceToTicks('0.00001', 5, 'exact')).toBe(1);
    expect(priceToTicks('7.', 1, 'exact')).toBe(70);
  });

  it('rounds extra places down or up as named, and refuses them when exact', () => {
    expect(priceToTicks('1.085004', 5, 'floor')).toBe(108_500);
    expect(priceToTicks('1.085004', 5, 'ceil')).toBe(108_501);
    expect(priceToTicks('1.0850000', 5, 'ceil')).toBe(108_500);
    expect(() => priceToTicks('1.085004', 5, 'exact')).toThrow();
  });

  it('refuses what is not a plain non-negative decimal, or too large to be exact', () => {
    for (const text of ['', '-1', '1e5', 'abc', '1.2.3'])
      expect(() => priceToTicks(text, 2, 'exact')).toThrow();
    expect(() => priceToTicks('90071992547409.93', 2, 'exact')).toThrow();
  });

  it('keeps order, and keeps a comparison with a quote exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 4 }),
        (precision, quoteUnits, triggerUnits, extraPlaces) => {
          const quote = toDecimal(quoteUnits).div(10 ** precision);
          const trigger = toDecimal(triggerUnits).div(10 ** (precision + extraPlaces));
          const quoteTicks = priceToTicks(quote.toFixed(precision), precision, 'exact');
          const text = trigger.toFixed(precision + extraPlaces);
          expect(quoteTicks <= priceToTicks(text, precision, 'floor')).toBe(quote.lte(trigger));
          expect(quoteTicks >= priceToTicks(text, precision, 'ceil')).toBe(quote.gte(trigger));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
