import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import { formatPrice } from './quote';
import { midPrice, QuoteChecks, readQuote, readQuoteText, SPIKE_MIN_STEPS } from './quote-checks';

/** A quote checker that has seen `moves` accepted steps of `step` price points around 1.10000. */
function warmed(step = 0.0001, moves = 30): QuoteChecks {
  const checks = new QuoteChecks(5, '1.10000');
  let mid = 1.1;
  for (let index = 0; index < moves; index += 1) {
    mid += index % 2 === 0 ? step : -step;
    const verdict = checks.check((mid - 0.00005).toFixed(5), (mid + 0.00005).toFixed(5), 20);
    expect(verdict.kind).toBe('accepted');
  }
  return checks;
}

describe('readQuote', () => {
  it('refuses what is not a usable top of book, each for its reason', () => {
    expect(readQuote(undefined, '1.1', 5)).toEqual({ ok: false, reason: 'one_sided' });
    expect(readQuote('1.1', '', 5)).toEqual({ ok: false, reason: 'one_sided' });
    expect(readQuote('abc', '1.1', 5)).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readQuote('NaN', '1.1', 5)).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readQuote('Infinity', '1.1', 5)).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readQuote('0', '1.1', 5)).toEqual({ ok: false, reason: 'not_positive' });
    expect(readQuote('-1.1', '1.1', 5)).toEqual({ ok: false, reason: 'not_positive' });
    expect(readQuote('0.000001', '1.1', 5)).toEqual({ ok: false, reason: 'not_positive' });
    expect(readQuote('1.2', '1.1', 5)).toEqual({ ok: false, reason: 'crossed' });
    expect(readQuote('1e300', '1e301', 5)).toEqual({ ok: false, reason: 'outside_band' });
  });

  it('rounds each side half up to the precision, and lets a locked book pass', () => {
    expect(readQuote('1.085434', '1.085436', 5)).toEqual({
      ok: true,
      quote: { bid: '1.08543', ask: '1.08544', midTicks: 108543.5 },
    });
    expect(readQuote('1.1', '1.1', 5)).toMatchObject({ ok: true, quote: { bid: '1.10000', ask: '1.10000' } });
  });
});

describe('QuoteChecks', () => {
  it('refuses a mid outside the band around the last accepted one', () => {
    const checks = new QuoteChecks(2, '100');
    expect(checks.check('0.5', '0.6', 20)).toEqual({ kind: 'refused', reason: 'outside_band' });
    expect(checks.check('10001', '10002', 20)).toEqual({ kind: 'refused', reason: 'outside_band' });
    expect(checks.check('1.01', '1.02', 20).kind).toBe('accepted');
  });

  it('holds no quote before a move is known, and takes the first quote however far from the stored price', () => {
    const checks = new QuoteChecks(5, '1.00000');
    expect(checks.check('1.50000', '1.50010', 20).kind).toBe('accepted');
    expect(checks.spikeDistance(20)).toBeUndefined();
    expect(checks.check('1.50010', '1.50020', 20).kind).toBe('accepted');
    expect(checks.spikeDistance(20)).toBe(20 * 10);
  });

  it('holds a spike and drops it when the next quote returns to the market', () => {
    const checks = warmed();
    expect(checks.check('1.12000', '1.12001', 20)).toEqual({ kind: 'held' });
    const next = checks.check('1.10000', '1.10010', 20);
    expect(next).toMatchObject({ kind: 'accepted', spikeDropped: true });
    expect(next.kind === 'accepted' && next.quotes.map((quote) => quote.bid)).toEqual(['1.10000']);
  });

  it('uses a held quote once the next one confirms the new level', () => {
    const checks = warmed();
    expect(checks.check('1.12000', '1.12010', 20)).toEqual({ kind: 'held' });
    const next = checks.check('1.12005', '1.12015', 20);
    expect(next.kind === 'accepted' && next.quotes.map((quote) => quote.bid)).toEqual(['1.12000', '1.12005']);
    expect(next.spikeDropped).toBeUndefined();
  });

  it('never holds a move of at most the minimum steps, however quiet the market', () => {
    const checks = warmed(0.00001, 50);
    expect(checks.spikeDistance(20)).toBe(20);
    const quiet = warmed(0.00001, 50);
    expect(quiet.check('1.10005', '1.10005', 1).kind).toBe('accepted');
    expect(new QuoteChecks(5, '1').spikeDistance(1)).toBeUndefined();
    const calm = new QuoteChecks(5, '1.00000');
    calm.check('1.00000', '1.00000', 1);
    calm.check('1.00001', '1.00001', 1);
    expect(calm.spikeDistance(1)).toBe(SPIKE_MIN_STEPS);
  });

  it('accepts every walk whose steps stay within the filter (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength: 300 }), (steps) => {
        const checks = new QuoteChecks(5, '1.00000');
        let ticks = 100_000;
        for (const step of steps) {
          ticks += step;
          const verdict = checks.check((ticks / 100_000).toFixed(5), ((ticks + 2) / 100_000).toFixed(5), 20);
          // Every move here is within 40 steps; the filter's distance is at least SPIKE_MIN_STEPS and at
          // least 20 times the median move, so only a walk whose median move is tiny can hold one.
          if (verdict.kind === 'held') {
            const distance = checks.spikeDistance(20) ?? 0;
            expect(Math.abs(step)).toBeGreaterThan(Math.min(distance, 40));
          } else expect(verdict.kind).toBe('accepted');
        }
      }),
    );
  });

  it('never accepts a crossed, empty or non-positive quote whatever came before (property)', () => {
    const side = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('', 'NaN', '-1', '0', 'abc', '1e400'),
      fc.double({ min: 0.5, max: 2, noNaN: true }).map((value) => value.toFixed(6)),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(side, side), { maxLength: 100 }), (quotes) => {
        const checks = new QuoteChecks(5, '1.00000');
        for (const [bid, ask] of quotes) {
          const verdict = checks.check(bid, ask, 20);
          if (verdict.kind !== 'accepted') continue;
          for (const quote of verdict.quotes) {
            expect(Number(quote.bid)).toBeGreaterThan(0);
            expect(Number(quote.bid)).toBeLessThanOrEqual(Number(quote.ask));
          }
        }
      }),
    );
  });
});

describe('the fast reading of plain decimal text', () => {
  // Plain digits as feeds send them, and the odd forms around them: more places than the precision
  // (rounding half up, carrying into the whole part), zeros, leading zeros, huge values.
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
  const plain = fc.oneof(
    fc
      .tuple(digits(1, 17), digits(0, 8))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole)),
    fc.constantFrom('0', '0.0', '00.50', '9.995', '99.9999999', '0.000005', '90071992547409.91', '1.'),
  );

  it('answers exactly what the general reading answers, and the mid formatPrice gives', () => {
    fc.assert(
      fc.property(plain, plain, fc.integer({ min: 0, max: 8 }), (bid, ask, precision) => {
        const fast = readQuote(bid, ask, precision);
        expect(fast).toEqual(readQuoteText(bid, ask, precision));
        if (fast.ok)
          expect(midPrice(fast.quote, precision)).toBe(
            formatPrice(toDecimal(fast.quote.bid).plus(fast.quote.ask).div(2), precision),
          );
      }),
      { numRuns: 5000 },
    );
  });
});
