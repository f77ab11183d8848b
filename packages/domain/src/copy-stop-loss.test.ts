import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyRelationshipResult, isCopyStopLossReached } from './copy-stop-loss';
import { toDecimal } from './money';
import { asMoney } from './trade-values';

const reached = (amount: string, stopLossPercent: string, result: string) =>
  isCopyStopLossReached({ amount: asMoney(amount), stopLossPercent, result: asMoney(result) });

const text = (micro: bigint) => toDecimal(micro.toString()).div(1_000_000).toFixed(6);

describe('copy stop-loss', () => {
  it('stops exactly at the percentage of the amount, and not 0.000001 before', () => {
    // 10 % of 1,000 is a loss of 100.
    expect(reached('1000', '10', '-100')).toBe(true);
    expect(reached('1000', '10', '-100.000001')).toBe(true);
    expect(reached('1000', '10', '-99.999999')).toBe(false);
    // A fractional percentage: 12.5 % of 80 is 10.
    expect(reached('80', '12.5', '-10')).toBe(true);
    expect(reached('80', '12.5', '-9.999999')).toBe(false);
  });

  it('never stops on a profit or without a stop-loss (0 %)', () => {
    expect(reached('1000', '10', '0')).toBe(false);
    expect(reached('1000', '10', '500')).toBe(false);
    expect(reached('1000', '0', '-1000000')).toBe(false);
    // 100 %: the whole amount lost.
    expect(reached('1000', '100', '-999.999999')).toBe(false);
    expect(reached('1000', '100', '-1000')).toBe(true);
  });

  it('treats a percentage outside 0..100 or an amount not above zero as a programmer error', () => {
    expect(() => reached('1000', '-1', '0')).toThrow();
    expect(() => reached('1000', '100.000001', '0')).toThrow();
    expect(() => reached('0', '10', '0')).toThrow();
  });

  it('counts closed and open copies, each net of its fee', () => {
    const result = copyRelationshipResult(
      [
        { realisedProfit: asMoney('-40.5'), fee: asMoney('1.25') },
        { realisedProfit: asMoney('12'), fee: asMoney('1') },
      ],
      [{ floatingProfit: asMoney('-70'), fee: asMoney('0.25') }],
    );
    // -41.75 + 11 - 70.25 = -101.
    expect(result).toBe('-101');
    expect(reached('1000', '10', result)).toBe(true);
    expect(copyRelationshipResult([], [])).toBe('0');
  });

  it('matches loss x 100 >= percent x amount over random amounts and results', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        (amountMicro, percentHundredths, resultMicro) => {
          const percent = toDecimal(percentHundredths).div(100).toFixed(2);
          // In micro-units and hundredths of a percent: -result x 100 x 100 >= percent x 100 x amount.
          const oracle = -resultMicro * 10_000n >= BigInt(percentHundredths) * amountMicro;
          expect(reached(text(amountMicro), percent, text(resultMicro))).toBe(oracle);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stops exactly at the boundary and not one micro-unit before it, for any amount and percentage', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.integer({ min: 1, max: 10_000 }),
        (cents, hundredths) => {
          // An amount in cents and a percentage in hundredths put the boundary on a whole micro-unit.
          const amountMicro = cents * 10_000n;
          const boundary = -((BigInt(hundredths) * amountMicro) / 10_000n);
          const percent = toDecimal(hundredths).div(100).toFixed(2);
          expect(reached(text(amountMicro), percent, text(boundary))).toBe(true);
          expect(reached(text(amountMicro), percent, text(boundary - 1n))).toBe(true);
          expect(reached(text(amountMicro), percent, text(boundary + 1n))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
