import { describe, expect, it } from 'vitest';
import { traderNameIssue } from './become-trader';

describe('traderNameIssue', () => {
  it('asks for 2 to 32 characters once trimmed, counting letters not code units', () => {
    expect(traderNameIssue('A')).toBe('copy.trader.nameLength');
    expect(traderNameIssue('  A  ')).toBe('copy.trader.nameLength');
    expect(traderNameIssue('Al')).toBeNull();
    expect(traderNameIssue('x'.repeat(32))).toBeNull();
    expect(traderNameIssue('x'.repeat(33))).toBe('copy.trader.nameLength');
    expect(traderNameIssue('交易')).toBeNull();
  });
});
