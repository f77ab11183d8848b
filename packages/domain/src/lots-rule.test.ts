import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLots } from './lots-rule';
import { toDecimal } from './money';

const limits = { minLots: '0.01', maxLots: '50', pip: '0.01' };

describe('lots', () => {
  it('accepts multiples of the step between minimum and maximum, both included', () => {
    expect(checkLots('0.01', limits)).toEqual({ ok: true, value: '0.01' });
    expect(checkLots('50', limits)).toEqual({ ok: true, value: '50' });
    expect(checkLots('1.10', limits)).toEqual({ ok: true, value: '1.1' });
    // A float from JSON is read by its shortest text: 0.07 is 0.07, a multiple of 0.01.
    expect(checkLots(0.07, limits)).toEqual({ ok: true, value: '0.07' });
  });

  it('refuses, with the reason, what is not a positive number', () => {
    for (const input of ['', 'abc', '1,5', 'NaN', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkLots(input, limits)).toMatchObject({ ok: false, reason: 'validation.lots_invalid' });
    for (const input of ['0', '-0.01', -1, '0.00'])
      expect(checkLots(input, limits)).toMatchObject({ ok: false, reason: 'validation.lots_positive' });
  });

  it('refuses one step outside the range and anything off the step', () => {
    expect(checkLots('0.009', { ...limits, pip: '0.001' })).toEqual({
      ok: false,
      reason: 'validation.lots_below_minimum',
      params: { min: '0.01' },
    });
    expect(checkLots('50.01', limits)).toEqual({
      ok: false,
      reason: 'validation.lots_above_maximum',
      params: { max: '50' },
    });
    expect(checkLots('0.015', limits)).toEqual({
      ok: false,
      reason: 'validation.lots_step',
      params: { step: '0.01' },
    });
  });

  it('accepts exactly the Pip multiples in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 60_000 }),
        fc.constantFrom('0.001', '0.01', '0.05', '0.1', '1'),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 100, max: 50_000 }),
        (thousandths, pip, minimumSteps, maximumThousandths) => {
          const lots = toDecimal(thousandths).div(1000);
          const minLots = toDecimal(pip).times(minimumSteps).toFixed();
          const maxLots = toDecimal(maximumThousandths).div(1000).toFixed();
          const result = checkLots(lots.toFixed(), { minLots, maxLots, pip });
          const expected = lots.gt(0) && lots.gte(minLots) && lots.lte(maxLots) && lots.div(pip).isInteger();
          expect(result.ok).toBe(expected);
          if (result.ok) expect(toDecimal(result.value).eq(lots)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('treats a step that is not positive as a catalogue fault', () => {
    expect(() => checkLots('1', { ...limits, pip: '0' })).toThrow();
  });
});
