import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tradeFee, tradeFeeTypeOf } from './fee';
import { toDecimal } from './money';
import { asLots, asMoney } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);

describe('trade fee', () => {
  it('is rate x lots for trade_fee_type 1 and rate x margin otherwise', () => {
    const order = { feeRate: '7', lots: asLots('0.05'), margin: asMoney('54.250000') };
    expect(tradeFee({ ...order, feeType: 'perLot' })).toBe('0.350000');
    expect(tradeFee({ ...order, feeType: 'ofMargin' })).toBe('379.750000');
    expect(tradeFeeTypeOf(1)).toBe('perLot');
    expect(tradeFeeTypeOf(0)).toBe('ofMargin');
    expect(tradeFeeTypeOf(2)).toBe('ofMargin');
  });

  it('rounds half up to 6 places', () => {
    // 0.001 x 0.0015 = 0.0000015 -> 0.000002
    expect(
      tradeFee({ feeType: 'ofMargin', feeRate: '0.001', lots: asLots('1'), margin: asMoney('0.0015') }),
    ).toBe('0.000002');
    // 0.0000001 x 4 lots = 0.0000004 -> 0.000000
    expect(
      tradeFee({ feeType: 'perLot', feeRate: '0.0000001', lots: asLots('4'), margin: asMoney('1') }),
    ).toBe('0.000000');
  });

  it('per lot ignores the margin and of-margin ignores the lots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }).map((units) => decimalText(units, 3)),
        fc.integer({ min: 1, max: 5000 }).map((units) => asLots(decimalText(units, 2))),
        fc.integer({ min: 0, max: 10 ** 12 }).map((units) => asMoney(decimalText(units, 6))),
        fc.integer({ min: 0, max: 10 ** 12 }).map((units) => asMoney(decimalText(units, 6))),
        (feeRate, lots, margin, otherMargin) => {
          const perLot = tradeFee({ feeType: 'perLot', feeRate, lots, margin });
          expect(tradeFee({ feeType: 'perLot', feeRate, lots, margin: otherMargin })).toBe(perLot);
          expect(toDecimal(perLot).eq(toDecimal(feeRate).times(lots).toDecimalPlaces(6))).toBe(true);
          const ofMargin = tradeFee({ feeType: 'ofMargin', feeRate, lots, margin });
          expect(tradeFee({ feeType: 'ofMargin', feeRate, lots: asLots('50'), margin })).toBe(ofMargin);
          expect(toDecimal(ofMargin).minus(toDecimal(feeRate).times(margin)).abs().lte('0.0000005')).toBe(
            true,
          );
        },
      ),
    );
  });

  it('refuses a negative rate (a programmer error)', () => {
    expect(() =>
      tradeFee({ feeType: 'perLot', feeRate: '-1', lots: asLots('1'), margin: asMoney('1') }),
    ).toThrow();
  });
});
