import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedPriceProblem } from './feed-price-rule';

const fresh = { feedSymbol: 'EURUSD', rejected: false, lastQuoteMs: 1_000, nowMs: 1_500, staleMs: 10_000 };

describe('feedPriceProblem', () => {
  it('names the first problem: no symbol, then a refused symbol, then silence', () => {
    expect(feedPriceProblem(fresh)).toBeNull();
    expect(feedPriceProblem({ ...fresh, feedSymbol: null, rejected: true, lastQuoteMs: undefined })).toBe(
      'no_symbol',
    );
    expect(feedPriceProblem({ ...fresh, feedSymbol: '' })).toBe('no_symbol');
    expect(feedPriceProblem({ ...fresh, rejected: true, lastQuoteMs: undefined })).toBe('rejected');
    expect(feedPriceProblem({ ...fresh, lastQuoteMs: undefined })).toBe('stale');
  });

  it('calls a price stale exactly when its last quote is older than the stale time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (lastQuoteMs, age, staleMs) => {
          const problem = feedPriceProblem({ ...fresh, lastQuoteMs, nowMs: lastQuoteMs + age, staleMs });
          expect(problem === 'stale').toBe(age > staleMs);
        },
      ),
    );
  });
});
