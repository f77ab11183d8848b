import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxDrawdownPercent } from './drawdown';

/** Hundredths of a percent as text with 2 places ("3334" -> "33.34"). */
function hundredthsText(hundredths: bigint): string {
  const digits = hundredths.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Micro-units as money text with 6 places, exactly (-1500000n -> "-1.500000"). */
function microText(micro: bigint): string {
  const digits = (micro < 0n ? -micro : micro).toString().padStart(7, '0');
  return `${micro < 0n ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * The oracle, in whole units with BigInt and a different formulation: the largest (earlier - later)
 * / earlier over every pair of points, capped at 1, in hundredths of a percent rounded up.
 */
function drawdownOracle(equities: readonly bigint[]): string {
  let best = { fall: 0n, peak: 1n };
  equities.forEach((earlier, i) => {
    if (earlier <= 0n) return; // Not a peak: the curve fell through zero before it.
    for (const later of equities.slice(i)) {
      const fall = earlier - later;
      if (fall * best.peak > best.fall * earlier) best = { fall, peak: earlier };
    }
  });
  if (best.fall >= best.peak) return '100.00';
  const scaled = best.fall * 10_000n;
  return hundredthsText(scaled / best.peak + (scaled % best.peak === 0n ? 0n : 1n));
}

describe('maximum drawdown', () => {
  it('is the largest fall from a running peak, as a percent of that peak', () => {
    // 120 -> 90 falls 25 %; 130 -> 65 falls 50 %; the recovery in between does not reset the worst.
    expect(maxDrawdownPercent(['100', '120', '90', '130', '65', '140'])).toBe('50.00');
    // A deeper fall in money from a higher peak can be a smaller fall in percent.
    expect(maxDrawdownPercent(['100', '50', '1000', '600'])).toBe('50.00');
    expect(maxDrawdownPercent(['100', '60', '1000', '400'])).toBe('60.00');
  });

  it('rounds up, so a drawdown is never shown smaller than it was', () => {
    expect(maxDrawdownPercent(['3', '2'])).toBe('33.34');
    expect(maxDrawdownPercent(['10000', '9999.999999'])).toBe('0.01');
    expect(maxDrawdownPercent(['10000', '10000'])).toBe('0.00');
  });

  it('is 0 for a curve that never falls and for an empty curve', () => {
    expect(maxDrawdownPercent([])).toBe('0.00');
    expect(maxDrawdownPercent(['5'])).toBe('0.00');
    expect(maxDrawdownPercent(['5', '5', '6.5', '100'])).toBe('0.00');
  });

  it('is capped at 100 % when the curve reaches or passes zero', () => {
    expect(maxDrawdownPercent(['100', '0'])).toBe('100.00');
    expect(maxDrawdownPercent(['100', '-30', '50'])).toBe('100.00');
    expect(maxDrawdownPercent(['100', '0.000001'])).toBe('100.00');
  });

  it('treats a curve that starts at or below zero as a programmer error', () => {
    expect(() => maxDrawdownPercent(['0', '10'])).toThrow();
    expect(() => maxDrawdownPercent(['-1'])).toThrow();
  });

  it('is 0 for every non-decreasing curve', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat({ max: 50_000 })),
        (start, rises) => {
          const curve = [start];
          for (const rise of rises) curve.push((curve.at(-1) as number) + rise);
          expect(maxDrawdownPercent(curve.map(String))).toBe('0.00');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('matches the pairwise oracle, and stays within 0..100 % while equity stays positive', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }), { maxLength: 40 }),
        (start, moves) => {
          // Whole micro-units (6 places) of money: the curve as the statistics build it.
          const equities = [start];
          for (const move of moves) equities.push((equities.at(-1) as bigint) + move);
          const drawdown = maxDrawdownPercent(equities.map(microText));
          // A ratio of two amounts is the same in micro-units.
          expect(drawdown).toBe(drawdownOracle(equities));
          if (equities.every((micro) => micro > 0n)) {
            expect(Number(drawdown)).toBeGreaterThanOrEqual(0);
            expect(Number(drawdown)).toBeLessThanOrEqual(100);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
