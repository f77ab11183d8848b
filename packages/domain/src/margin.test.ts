import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type QuoteToAccountRate, SAME_CURRENCY } from './conversion';
import { type Fraction, fractionOf, over, roundHalfUpText, times } from './exact-fraction';
import { marginModeOf, marginRequired } from './margin';
import { toDecimal } from './money';
import { asLots, asPrice, type Lots } from './trade-values';

const decimalText = (units: number, places: number) =>
  toDecimal(units)
    .div(10 ** places)
    .toFixed(places);
const lots = (text: string) => asLots(text);
const leveraged = (
  lotsText: string,
  unitsPerLot: string,
  price: string,
  leverage: number,
  quoteToAccountRate: QuoteToAccountRate = SAME_CURRENCY,
) =>
  marginRequired({
    mode: 'leveraged',
    lots: lots(lotsText),
    unitsPerLot,
    price: asPrice(price),
    leverage,
    quoteToAccountRate,
  });

const lotsArbitrary = fc.integer({ min: 1, max: 5000 }).map((hundredths) => decimalText(hundredths, 2));
const priceArbitrary = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 5 }))
  .map(([units, places]) => decimalText(units, places));
const unitsArbitrary = fc.constantFrom('1', '10', '50', '100', '1000', '5000', '10000', '100000');
const leverageArbitrary = fc.constantFrom(1, 2, 3, 5, 7, 10, 20, 25, 50, 100, 200, 400, 500);
const rateArbitrary: fc.Arbitrary<QuoteToAccountRate> = fc.oneof(
  fc.constant(SAME_CURRENCY),
  priceArbitrary.map((price) => ({ kind: 'multiply' as const, price: asPrice(price) })),
  priceArbitrary.map((price) => ({ kind: 'divide' as const, price: asPrice(price) })),
);

/** lots x units x price / leverage, converted, as an exact fraction: the oracle. */
function exactMargin(
  lotsText: string,
  units: string,
  price: string,
  leverage: number,
  rate: QuoteToAccountRate,
): Fraction {
  const notional = times(times(fractionOf(lotsText), fractionOf(units)), fractionOf(price));
  const perLeverage = over(notional, fractionOf(String(leverage)));
  if (rate.kind === 'multiply') return times(perLeverage, fractionOf(rate.price));
  if (rate.kind === 'divide') return over(perLeverage, fractionOf(rate.price));
  return perLeverage;
}

describe('margin', () => {
  it('is lots x units x price / leverage at 6 places in leveraged mode', () => {
    // EURUSD: 1 lot of 100,000 at 1.08500 with 100x = 1,085 USD.
    expect(leveraged('1', '100000', '1.08500', 100)).toBe('1085.000000');
    // BTCUSDT: 0.01 lot of 1 at 95000.00 with 20x = 47.5.
    expect(leveraged('0.01', '1', '95000.00', 20)).toBe('47.500000');
    // 0.01 x 1 x 1 / 3 = 0.00333.. -> 0.003333; 0.02 / 3 = 0.00666.. -> 0.006667 (half up).
    expect(leveraged('0.01', '1', '1', 3)).toBe('0.003333');
    expect(leveraged('0.02', '1', '1', 3)).toBe('0.006667');
    // Exactly half a millionth rounds up: 0.01 x 1 x 0.00015 / 1 = 0.0000015 -> 0.000002.
    expect(leveraged('0.01', '1', '0.00015', 1)).toBe('0.000002');
  });

  it('converts from the quote currency into USDT', () => {
    // USDJPY: 1 lot at 151.200 with 100x = 151,200 JPY, / 151.200 = 1,000 USDT.
    const jpy: QuoteToAccountRate = { kind: 'divide', price: asPrice('151.200') };
    expect(leveraged('1', '100000', '151.200', 100, jpy)).toBe('1000.000000');
    // GER40: 1 lot of 1 at 19500.0 with 100x = 195 EUR, x EURUSD 1.08500 = 211.575 USDT.
    const eur: QuoteToAccountRate = { kind: 'multiply', price: asPrice('1.08500') };
    expect(leveraged('1', '1', '19500.0', 100, eur)).toBe('211.575000');
    // JPN225: 1 lot of 1 at 38500 with 100x = 385 JPY, / 151.2 = 2.546296.. USDT.
    expect(leveraged('1', '1', '38500', 100, jpy)).toBe('2.546296');
  });

  it('is lots x units per lot in fixed mode, without price or leverage', () => {
    expect(marginRequired({ mode: 'fixed', lots: lots('0.5'), unitsPerLot: '1000' })).toBe('500.000000');
    expect(marginRequired({ mode: 'fixed', lots: lots('0.01'), unitsPerLot: '0.0000333' })).toBe('0.000000');
    expect(marginModeOf(1)).toBe('fixed');
    expect(marginModeOf(2)).toBe('leveraged');
    expect(marginModeOf(0)).toBe('leveraged');
  });

  it('rounds once, exactly as the exact fraction rounds half up', () => {
    fc.assert(
      fc.property(
        lotsArbitrary,
        unitsArbitrary,
        priceArbitrary,
        leverageArbitrary,
        rateArbitrary,
        (lotsText, units, price, leverage, rate) => {
          expect(leveraged(lotsText, units, price, leverage, rate)).toBe(
            roundHalfUpText(exactMargin(lotsText, units, price, leverage, rate), 6),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('scales linearly in lots and inversely in leverage (within the rounding of each side)', () => {
    const millionth = toDecimal('0.000001');
    fc.assert(
      fc.property(
        lotsArbitrary,
        fc.integer({ min: 2, max: 50 }),
        unitsArbitrary,
        priceArbitrary,
        leverageArbitrary,
        rateArbitrary,
        (lotsText, factor, units, price, leverage, rate) => {
          const one = toDecimal(leveraged(lotsText, units, price, leverage, rate));
          const scaledLots = toDecimal(lotsText).times(factor).toFixed() as Lots;
          const many = toDecimal(leveraged(scaledLots, units, price, leverage, rate));
          const moreLeverage = toDecimal(leveraged(lotsText, units, price, leverage * factor, rate));
          // Each side is within half a millionth of its exact value, so the gap is bounded by the
          // rounding alone: (factor + 1) / 2 millionths.
          const bound = millionth.times(factor + 1).div(2);
          expect(many.minus(one.times(factor)).abs().lte(bound)).toBe(true);
          expect(moreLeverage.times(factor).minus(one).abs().lte(bound)).toBe(true);
          expect(many.gte(one)).toBe(true);
          expect(moreLeverage.lte(one)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is exactly linear when no rounding happens (fixed mode)', () => {
    fc.assert(
      fc.property(
        lotsArbitrary,
        fc.integer({ min: 1, max: 100 }),
        unitsArbitrary,
        (lotsText, factor, units) => {
          const one = marginRequired({ mode: 'fixed', lots: lots(lotsText), unitsPerLot: units });
          const scaled = toDecimal(lotsText).times(factor).toFixed() as Lots;
          const many = marginRequired({ mode: 'fixed', lots: scaled, unitsPerLot: units });
          expect(toDecimal(many).eq(toDecimal(one).times(factor))).toBe(true);
        },
      ),
    );
  });

  it('refuses a leverage that is not positive (a programmer error)', () => {
    expect(() => leveraged('1', '1', '1', 0)).toThrow();
    expect(() => leveraged('1', '1', '1', Number.NaN)).toThrow();
  });
});
