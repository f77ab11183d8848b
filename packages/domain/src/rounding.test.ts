import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionOf, over, roundFloorText, roundHalfUpText } from './exact-fraction';
import { toDecimal } from './money';
import { divide, roundTo } from './rounding';

const decimalText = (units: bigint, places: number) =>
  toDecimal(units.toString())
    .div(10 ** places)
    .toFixed(places);

describe('divide names its rounding', () => {
  it('rounds half away from zero, floor, ceil and toward zero as named', () => {
    expect(divide('2', '3', 2, 'halfUp').toFixed(2)).toBe('0.67');
    expect(divide('1', '8', 2, 'halfUp').toFixed(2)).toBe('0.13');
    expect(divide('-1', '8', 2, 'halfUp').toFixed(2)).toBe('-0.13');
    expect(divide('2', '3', 2, 'floor').toFixed(2)).toBe('0.66');
    expect(divide('-2', '3', 2, 'floor').toFixed(2)).toBe('-0.67');
    expect(divide('1', '3', 2, 'ceil').toFixed(2)).toBe('0.34');
    expect(divide('-2', '3', 2, 'towardZero').toFixed(2)).toBe('-0.66');
    expect(roundTo('0.0000005', 6, 'halfUp').toFixed(6)).toBe('0.000001');
  });

  it('refuses to divide by zero (a programmer error)', () => {
    expect(() => divide('1', '0', 6, 'halfUp')).toThrow();
  });

  it('rounds exactly like the exact fraction would, half up and floor', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.integer({ min: 0, max: 10 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (numeratorUnits, numeratorPlaces, denominatorUnits, denominatorPlaces, places) => {
          const numerator = decimalText(numeratorUnits, numeratorPlaces);
          const denominator = decimalText(denominatorUnits, denominatorPlaces);
          const exact = over(fractionOf(numerator), fractionOf(denominator));
          expect(divide(numerator, denominator, places, 'halfUp').toFixed(places)).toBe(
            roundHalfUpText(exact, places),
          );
          expect(divide(numerator, denominator, places, 'floor').toFixed(places)).toBe(
            roundFloorText(exact, places),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
