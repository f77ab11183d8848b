import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DecimalValue, toDecimal } from './money';
import { checkPendingTarget } from './pending-target-rule';
import { checkPriceInBand, PRICE_BAND_FACTOR, priceBand, readPrice } from './price-rule';
import { PRICE_TICKS_MAX, priceToTicks } from './price-ticks';
import type { Side } from './side';
import { checkStops } from './stop-rule';
import { asPrice, type Price } from './trade-values';

const band = (referencePrice: string, pricePrecision: number) => {
  const { lowest, highest } = priceBand({ referencePrice, pricePrecision });
  return [lowest.toFixed(pricePrecision), highest.toFixed(pricePrecision)];
};

describe('price band', () => {
  it('runs from the current price / 100 to x 100, at whole ticks inward, the low end at least one tick', () => {
    expect(PRICE_BAND_FACTOR).toBe(100);
    expect(band('95000.00', 2)).toEqual(['950.00', '9500000.00']);
    expect(band('1.08504', 5)).toEqual(['0.01086', '108.50400']);
    expect(band('38500', 0)).toEqual(['385', '3850000']);
    expect(band('150', 0)).toEqual(['2', '15000']);
    expect(band('0.00005', 5)).toEqual(['0.00001', '0.00500']);
  });

  it('never reaches above what the index can key, whatever the current price', () => {
    // 2^53 - 1 ticks at 2 places is 90071992547409.91.
    expect(band('1000000000000000', 2)).toEqual(['10000000000000.00', '90071992547409.91']);
    expect(band('1e30', 8)).toEqual(['10000000000000000000000000000.00000000', '90071992.54740991']);
  });

  it('refuses outside it with both ends, and accepts the ends', () => {
    const rule = { referencePrice: '95000.00', pricePrecision: 2 };
    expect(checkPriceInBand(toDecimal('949.99'), rule)).toEqual({
      ok: false,
      reason: 'validation.price_out_of_band',
      params: { min: '950.00', max: '9500000.00' },
    });
    expect(checkPriceInBand(toDecimal('9500000.01'), rule)).toMatchObject({ ok: false });
    expect(checkPriceInBand(toDecimal('1000000000000000'), rule)).toMatchObject({ ok: false });
    expect(checkPriceInBand(toDecimal('0'), rule)).toMatchObject({ ok: false });
    expect(checkPriceInBand(toDecimal('950'), rule)).toMatchObject({ ok: true });
    expect(checkPriceInBand(toDecimal('9500000'), rule)).toMatchObject({ ok: true });
  });

  it('reads the price text first: a number, at most at the precision', () => {
    expect(readPrice('1.085', 5)).toMatchObject({ ok: true });
    expect(readPrice('1.085001', 5)).toEqual({
      ok: false,
      reason: 'validation.price_precision',
      params: { places: '5' },
    });
    for (const text of ['', 'x', 'Infinity', 'NaN']) expect(readPrice(text, 5)).toMatchObject({ ok: false });
  });
});

/**
 * The engine can never be poisoned: whatever price the domain's rules accept (a stop-loss, a
 * take-profit, a pending target), on any precision 0 to 8 and at any current price, the index's key
 * function (`priceToTicks`) converts it, as accepted and as stored in numeric(30, 8), and it fits
 * the column.
 */
describe('every accepted price is indexable', () => {
  const precision = fc.integer({ min: 0, max: 8 });
  /** A current price in ticks, spread evenly over its orders of magnitude: 1 to 9 x 10^exponent. */
  const currentTicks = (exponentMax: number) =>
    fc
      .tuple(fc.bigInt({ min: 1n, max: 9n }), fc.integer({ min: 0, max: exponentMax }))
      .map(([leading, exponent]) => leading * 10n ** BigInt(exponent));
  /** Any decimal text up to 30 integer digits and 10 places, most of it far outside any band. */
  const anyPrice = fc
    .tuple(fc.stringMatching(/^[0-9]{1,30}$/), fc.stringMatching(/^[0-9]{0,10}$/))
    .map(([whole, fraction]) => (fraction === '' ? whole : `${whole}.${fraction}`));
  /** A few ticks either side of the band's ends, where the rule's rounding decides. */
  const nearEnds = fc.tuple(fc.boolean(), fc.integer({ min: -3, max: 3 }));

  function candidate(current: DecimalValue, places: number, pick: [boolean, number] | string): string {
    if (typeof pick === 'string') return pick;
    const [high, ticks] = pick;
    const end = high ? current.times(PRICE_BAND_FACTOR) : current.div(PRICE_BAND_FACTOR);
    const tick = toDecimal(10).pow(-places);
    return end.toDecimalPlaces(places).plus(tick.times(ticks)).toFixed(places);
  }

  function expectIndexable(price: Price, places: number): void {
    const ticks = priceToTicks(price, places, 'exact');
    expect(ticks).toBeGreaterThan(0);
    expect(ticks).toBeLessThanOrEqual(PRICE_TICKS_MAX);
    const stored = toDecimal(price).toFixed(8);
    expect(priceToTicks(stored, places, 'floor')).toBe(ticks);
    expect(priceToTicks(stored, places, 'ceil')).toBe(ticks);
    expect(stored.split('.')[0]?.length ?? 0).toBeLessThanOrEqual(22);
  }

  function acceptedPrices(side: Side, current: Price, places: number, text: string): Price[] {
    const stops = (stopLoss: string, takeProfit: string, currentPrice: Price | null) =>
      checkStops({ side, openPrice: current, currentPrice, stopLoss, takeProfit, pricePrecision: places });
    const results = [
      stops(text, '', current),
      stops('', text, current),
      stops(text, '', null),
      stops('', text, null),
    ].flatMap((result) => (result.ok ? [result.value.stopLoss, result.value.takeProfit] : []));
    const target = checkPendingTarget({
      side,
      target: text,
      quote: { bid: current, ask: current },
      pricePrecision: places,
    });
    if (target.ok) results.push(target.value);
    return results.filter((price): price is Price => price !== null);
  }

  function run(current: fc.Arbitrary<bigint>): number {
    let accepted = 0;
    fc.assert(
      fc.property(
        precision,
        current,
        fc.constantFrom<Side>('buy', 'sell'),
        fc.oneof(anyPrice, nearEnds),
        (places, ticks, side, pick) => {
          const value = toDecimal(ticks.toString()).div(toDecimal(10).pow(places));
          const text = candidate(value, places, pick);
          for (const price of acceptedPrices(side, asPrice(value.toFixed(places)), places, text)) {
            expectIndexable(price, places);
            accepted += 1;
          }
        },
      ),
      { numRuns: 3000 },
    );
    return accepted;
  }

  it('at any precision and any current price in a realistic range', () => {
    // Up to 9 x 10^12 ticks: 90,000 at 8 places, 9 x 10^12 at none. Not vacuous: many prices tried
    // were accepted.
    expect(run(currentTicks(12))).toBeGreaterThan(1000);
  });

  it('even at current prices no market has (up to 9 x 10^30 ticks)', () => {
    expect(run(currentTicks(30))).toBeGreaterThan(300);
  });
});
