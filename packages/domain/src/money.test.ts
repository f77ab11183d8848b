import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBalance, plainDecimal, roundDown, roundHalfUp, toDecimal } from './money';

describe('money rounding', () => {
  it('rounds half away from zero at the named places', () => {
    expect(roundHalfUp('1.005', 2)).toBe('1.01');
    expect(roundHalfUp('-1.005', 2)).toBe('-1.01');
    expect(formatBalance('100000')).toBe('100000.00');
  });

  it('rounds down toward negative infinity', () => {
    expect(roundDown('1.999', 2)).toBe('1.99');
    expect(roundDown('-0.001', 2)).toBe('-0.01');
  });

  it('never loses more than half a unit of the last place', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 8 }), (units, places) => {
        const value = toDecimal(units).div(1e8);
        const rounded = toDecimal(roundHalfUp(value, places));
        const halfUnit = toDecimal(10).pow(-places).div(2);
        expect(rounded.minus(value).abs().lte(halfUnit)).toBe(true);
      }),
    );
  });

  it('writes a stored numeric plainly, without exponent or trailing zeros', () => {
    expect(plainDecimal('0.01000000')).toBe('0.01');
    expect(plainDecimal('100000.00000000')).toBe('100000');
    expect(plainDecimal('0.00000004')).toBe('0.00000004');
  });
});
