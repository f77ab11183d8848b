import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import { dayChangePercent, formatPrice, quoteFromMid, quoteWithMarkup } from './quote';

describe('quote from the mid price', () => {
  it('puts the ask above and the bid below the mid by the spread, at the precision', () => {
    // 1.08500 x (1 +- 0.00004) = 1.0850434 / 1.0849566
    expect(quoteFromMid('1.08500', '0.00004', 5)).toEqual({ bid: '1.08496', ask: '1.08504' });
    // 38500 x (1 +- 0.00008) = 38503.08 / 38496.92
    expect(quoteFromMid('38500', '0.00008', 0)).toEqual({ bid: '38497', ask: '38503' });
  });

  it('rounds each side half up', () => {
    // 100 x 1.00005 = 100.005 -> 100.01; 100 x 0.99995 = 99.995 -> 100.00
    expect(quoteFromMid('100', '0.00005', 2)).toEqual({ bid: '100.00', ask: '100.01' });
  });

  it('answers the mid on both sides when the spread is zero', () => {
    expect(quoteFromMid('95000.00', '0', 2)).toEqual({ bid: '95000.00', ask: '95000.00' });
  });

  it('never crosses: bid <= mid <= ask, for any price, spread and precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 9_999 }),
        (units, precision, spreadBasisPoints) => {
          const mid = formatPrice(toDecimal(units).div(100_000), precision);
          if (toDecimal(mid).isZero()) return;
          const spread = toDecimal(spreadBasisPoints).div(10_000);
          const { bid, ask } = quoteFromMid(mid, spread, precision);
          expect(toDecimal(bid).lte(mid)).toBe(true);
          expect(toDecimal(ask).gte(mid)).toBe(true);
          expect(bid.split('.')[1]?.length ?? 0).toBe(precision);
          expect(ask.split('.')[1]?.length ?? 0).toBe(precision);
        },
      ),
    );
  });

  it('refuses a broken mid price or spread (a programmer error, not a customer one)', () => {
    expect(() => quoteFromMid('0', '0.0001', 5)).toThrow();
    expect(() => quoteFromMid('1.1', '-0.1', 5)).toThrow();
    expect(() => quoteFromMid('1.1', '1', 5)).toThrow();
  });
});

describe('day change', () => {
  it('is (close - open) / open x 100 at 2 places, half up', () => {
    expect(dayChangePercent('100', '101.5')).toBe('1.50');
    expect(dayChangePercent('1.08500', '1.08000')).toBe('-0.46');
    // 1/3 % = 0.333.. -> 0.33; 0.005 % -> 0.01
    expect(dayChangePercent('300', '301')).toBe('0.33');
    expect(dayChangePercent('100000', '100005')).toBe('0.01');
    expect(dayChangePercent('100000', '99995')).toBe('-0.01');
  });

  it('is zero without a move and when there is no open yet', () => {
    expect(dayChangePercent('1.2', '1.2')).toBe('0.00');
    expect(dayChangePercent('0', '1.2')).toBe('0.00');
  });
});

describe('quoteWithMarkup', () => {
  it('takes the markup in points from the bid and adds it to the ask', () => {
    expect(quoteWithMarkup({ bid: '1.08500', ask: '1.08510' }, 0, 5)).toEqual({
      bid: '1.08500',
      ask: '1.08510',
    });
    expect(quoteWithMarkup({ bid: '1.08500', ask: '1.08510' }, 3, 5)).toEqual({
      bid: '1.08497',
      ask: '1.08513',
    });
    expect(quoteWithMarkup({ bid: '64000.10', ask: '64000.50' }, 150, 2)).toEqual({
      bid: '63998.60',
      ask: '64002.00',
    });
  });

  it('never lowers the bid below one price step', () => {
    expect(quoteWithMarkup({ bid: '0.00003', ask: '0.00004' }, 10, 5)).toEqual({
      bid: '0.00001',
      ask: '0.00014',
    });
  });
});
