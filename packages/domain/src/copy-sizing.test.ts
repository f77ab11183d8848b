import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAME_CURRENCY } from './conversion';
import { type CopyCostTerms, type CopyMode, copyLotsRoundedDown, sizeCopyOrder } from './copy-sizing';
import { type Fraction, fractionOf, minus, times } from './exact-fraction';
import { toDecimal } from './money';
import { asLots, asMoney, asPrice } from './trade-values';

// 1 lot of 100,000 units at 1.00000 with 100x: margin 1,000; fee 0.1 % of margin: 1. A lot costs 1,001.
const leveraged: CopyCostTerms = {
  margin: {
    mode: 'leveraged',
    unitsPerLot: '100000',
    price: asPrice('1.00000'),
    leverage: 100,
    quoteToAccountRate: SAME_CURRENCY,
  },
  feeType: 'ofMargin',
  feeRate: '0.001',
};
const limits = { minLots: '0.01', maxLots: '50', pip: '0.01' };
const rich = asMoney('1000000000');
const ratio = (value: string): CopyMode => ({ kind: 'ratio', ratio: value });
const amount = (value: string, traderEquity: string): CopyMode => ({
  kind: 'amount',
  amount: asMoney(value),
  traderEquity: asMoney(traderEquity),
});

function size(traderLots: string, mode: CopyMode, availableBalance = rich, lotLimits = limits) {
  return sizeCopyOrder({
    traderLots: asLots(traderLots),
    mode,
    limits: lotLimits,
    cost: leveraged,
    availableBalance,
  });
}

describe('copy sizing', () => {
  it('scales by the ratio and rounds down to the Pip step', () => {
    expect(size('1.37', ratio('0.5'))).toEqual({
      ok: true,
      value: { lots: '0.68', margin: '680.000000', fee: '0.680000', cappedAtMaximum: false },
    });
    expect(size('2', ratio('1.5'))).toMatchObject({ ok: true, value: { lots: '3' } });
    // Exactly on a step stays as it is.
    expect(copyLotsRoundedDown(asLots('0.3'), ratio('0.1'), '0.01')).toBe('0.03');
    expect(copyLotsRoundedDown(asLots('0.3'), ratio('0.1'), '0.02')).toBe('0.02');
  });

  it('scales by the amount over the trader equity in amount mode', () => {
    // 2 lots x 1,000 / 10,000 = 0.2 lots.
    expect(size('2', amount('1000', '10000'))).toEqual({
      ok: true,
      value: { lots: '0.2', margin: '200.000000', fee: '0.200000', cappedAtMaximum: false },
    });
    // 2 x 999.99 / 10,000 = 0.199998: one step less.
    expect(size('2', amount('999.99', '10000'))).toMatchObject({ ok: true, value: { lots: '0.19' } });
    // 1 x 1,000 / 3,000 = 0.3333..: the division is rounded down, never up.
    expect(copyLotsRoundedDown(asLots('1'), amount('1000', '3000'), '0.01')).toBe('0.33');
    expect(copyLotsRoundedDown(asLots('1'), amount('2000', '3000'), '0.01')).toBe('0.66');
  });

  it('skips a copy below the instrument minimum, and copies one exactly at it', () => {
    expect(size('0.01', ratio('0.5'))).toEqual({
      ok: false,
      reason: 'copy.skip_below_min',
      params: { min: '0.01', lots: '0' },
    });
    const minimumTen = { ...limits, minLots: '0.1' };
    expect(size('0.19', ratio('0.5'), rich, minimumTen)).toEqual({
      ok: false,
      reason: 'copy.skip_below_min',
      params: { min: '0.1', lots: '0.09' },
    });
    expect(size('0.2', ratio('0.5'), rich, minimumTen)).toMatchObject({ ok: true, value: { lots: '0.1' } });
  });

  it('cuts a copy above the maximum to the largest step at or below it', () => {
    expect(size('10', ratio('6'))).toMatchObject({ ok: true, value: { lots: '50', cappedAtMaximum: true } });
    expect(size('10', ratio('5'))).toMatchObject({ ok: true, value: { lots: '50', cappedAtMaximum: false } });
    const offStep = { ...limits, maxLots: '50.005' };
    expect(size('10', ratio('6'), rich, offStep)).toMatchObject({ ok: true, value: { lots: '50' } });
  });

  it('pays a copy whose margin and fee equal the available balance, and skips one 0.000001 short', () => {
    // 0.2 lots: margin 200 + fee 0.2.
    expect(size('2', amount('1000', '10000'), asMoney('200.2'))).toMatchObject({ ok: true });
    expect(size('2', amount('1000', '10000'), asMoney('200.199999'))).toEqual({
      ok: false,
      reason: 'copy.skip_insufficient_balance',
      params: { required: '200.2', available: '200.199999' },
    });
  });

  it('prices a copy on a fixed-margin instrument with a per-lot fee', () => {
    const fixed: CopyCostTerms = {
      margin: { mode: 'fixed', unitsPerLot: '500' },
      feeType: 'perLot',
      feeRate: '3',
    };
    const result = sizeCopyOrder({
      traderLots: asLots('3'),
      mode: ratio('0.25'),
      limits: { minLots: '0.1', maxLots: '100', pip: '0.1' },
      cost: fixed,
      availableBalance: rich,
    });
    // 0.75 rounds down to 0.7 lots: margin 0.7 x 500 = 350, fee 0.7 x 3 = 2.1.
    expect(result).toEqual({
      ok: true,
      value: { lots: '0.7', margin: '350.000000', fee: '2.100000', cappedAtMaximum: false },
    });
  });

  it('treats a ratio, amount, equity or step that is not positive as a programmer error', () => {
    expect(() => size('1', ratio('0'))).toThrow();
    expect(() => size('1', ratio('-1'))).toThrow();
    expect(() => size('1', amount('0', '1000'))).toThrow();
    expect(() => size('1', amount('100', '0'))).toThrow();
    expect(() => size('0', ratio('1'))).toThrow();
    expect(() => copyLotsRoundedDown(asLots('1'), ratio('1'), '0')).toThrow();
  });
});

/** a <= b for exact fractions with positive denominators. */
const atMost = (a: Fraction, b: Fraction) => minus(a, b).numerator <= 0n;
const stepsText = (steps: number, pip: string) => toDecimal(pip).times(steps).toFixed();

const modeArbitrary: fc.Arbitrary<CopyMode> = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map((hundredths) => ratio(stepsText(hundredths, '0.01'))),
  fc
    .record({
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      equity: fc.integer({ min: 1, max: 100_000_000 }),
    })
    .map((pair) => amount(stepsText(pair.amount, '0.01'), stepsText(pair.equity, '0.01'))),
);

const sizingArbitrary = fc.record({
  pip: fc.constantFrom('0.001', '0.01', '0.05', '0.1', '1'),
  minimumSteps: fc.integer({ min: 1, max: 20 }),
  maximumSteps: fc.integer({ min: 20, max: 100_000 }),
  traderSteps: fc.integer({ min: 1, max: 100_000 }),
  mode: modeArbitrary,
});

describe('copy sizing properties', () => {
  it('is a multiple of Pip, at most the exact scaled lots, the largest such, and within the limits', () => {
    fc.assert(
      fc.property(sizingArbitrary, ({ pip, minimumSteps, maximumSteps, traderSteps, mode }) => {
        const lotLimits = {
          pip,
          minLots: stepsText(minimumSteps, pip),
          maxLots: stepsText(maximumSteps, pip),
        };
        const traderLots = stepsText(traderSteps, pip);
        const result = size(traderLots, mode, rich, lotLimits);
        // exact = numerator / denominator, compared without dividing.
        const numerator =
          mode.kind === 'ratio'
            ? times(fractionOf(traderLots), fractionOf(mode.ratio))
            : times(fractionOf(traderLots), fractionOf(mode.amount));
        const denominator = mode.kind === 'ratio' ? fractionOf('1') : fractionOf(mode.traderEquity);
        const rounded = copyLotsRoundedDown(asLots(traderLots), mode, pip);
        expect(toDecimal(rounded).mod(pip).isZero()).toBe(true);
        expect(atMost(times(fractionOf(rounded), denominator), numerator)).toBe(true);
        const nextStep = toDecimal(rounded).plus(pip).toFixed();
        expect(atMost(times(fractionOf(nextStep), denominator), numerator)).toBe(false);
        if (!result.ok) {
          expect(result.reason).toBe('copy.skip_below_min');
          expect(toDecimal(rounded).lt(lotLimits.minLots)).toBe(true);
          return;
        }
        const lots = toDecimal(result.value.lots);
        expect(lots.mod(pip).isZero()).toBe(true);
        expect(lots.gte(lotLimits.minLots) && lots.lte(lotLimits.maxLots)).toBe(true);
        expect(lots.lte(rounded)).toBe(true);
        expect(result.value.cappedAtMaximum).toBe(!lots.eq(rounded));
        if (result.value.cappedAtMaximum) expect(lots.eq(lotLimits.maxLots)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('pays exactly when margin + fee is at most the available balance', () => {
    fc.assert(
      fc.property(sizingArbitrary, fc.integer({ min: -3, max: 3 }), (input, micros) => {
        const lotLimits = {
          pip: input.pip,
          minLots: stepsText(input.minimumSteps, input.pip),
          maxLots: stepsText(input.maximumSteps, input.pip),
        };
        const traderLots = stepsText(input.traderSteps, input.pip);
        const unlimited = size(traderLots, input.mode, rich, lotLimits);
        if (!unlimited.ok) return;
        const required = toDecimal(unlimited.value.margin).plus(unlimited.value.fee);
        const balance = asMoney(required.plus(toDecimal(micros).div(1_000_000)).toFixed());
        const result = size(traderLots, input.mode, balance, lotLimits);
        if (micros >= 0) expect(result).toEqual(unlimited);
        else expect(result).toMatchObject({ ok: false, reason: 'copy.skip_insufficient_balance' });
      }),
      { numRuns: 1000 },
    );
  });
});
