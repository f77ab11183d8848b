import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAtOrBelowStopOut, netValue, riskRatePercent } from './account-metrics';
import { fractionOf, over, roundFloorText, times } from './exact-fraction';
import { toDecimal } from './money';
import { asMoney } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);

describe('net value and risk rate', () => {
  it('net value is balance + margin in positions + floating profit', () => {
    const figures = {
      balance: asMoney('1000.12345678'),
      positionMargin: asMoney('500.000001'),
      floatingProfit: asMoney('-250.5'),
    };
    expect(netValue(figures)).toBe('1249.62345778');
  });

  it('risk rate is net value / margin in percent, 2 places rounded down', () => {
    expect(riskRatePercent(asMoney('500'), asMoney('1000'))).toBe('50.00');
    expect(riskRatePercent(asMoney('1'), asMoney('3'))).toBe('33.33');
    expect(riskRatePercent(asMoney('2'), asMoney('3'))).toBe('66.66');
    expect(riskRatePercent(asMoney('-2'), asMoney('3'))).toBe('-66.67');
    expect(riskRatePercent(asMoney('499.99999'), asMoney('1000'))).toBe('49.99');
  });

  it('has no risk rate without margin in positions', () => {
    expect(riskRatePercent(asMoney('1000'), asMoney('0'))).toBeNull();
    expect(isAtOrBelowStopOut('0', '0', '50')).toBe(false);
  });

  it('is at the stop-out level exactly at it, and not one millionth above', () => {
    expect(isAtOrBelowStopOut('500', '1000', '50')).toBe(true);
    expect(isAtOrBelowStopOut('499.999999', '1000', '50')).toBe(true);
    expect(isAtOrBelowStopOut('500.000001', '1000', '50')).toBe(false);
    expect(isAtOrBelowStopOut('-1', '1000', '50')).toBe(true);
  });

  it('shows a rate never above the real one, and decides stop-out on the exact one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }).map((units) => decimalText(units, 6)),
        fc.integer({ min: 1, max: 10 ** 12 }).map((units) => decimalText(units, 6)),
        fc.integer({ min: 0, max: 200 }),
        (equity, margin, level) => {
          const exactPercent = times(over(fractionOf(equity), fractionOf(margin)), fractionOf('100'));
          expect(riskRatePercent(asMoney(equity), asMoney(margin))).toBe(roundFloorText(exactPercent, 2));
          const atOrBelow = exactPercent.numerator * 1n <= BigInt(level) * exactPercent.denominator;
          expect(isAtOrBelowStopOut(equity, margin, level)).toBe(atOrBelow);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
