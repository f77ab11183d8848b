import { describe, expect, it } from 'vitest';
import { balanceText } from './balance-text';

describe('balanceText (spec sections 6 and 9)', () => {
  it('shows 2 decimals with grouped thousands', () => {
    expect(balanceText('100000', false)).toBe('100,000.00');
    expect(balanceText('1234.565', false)).toBe('1,234.57');
    expect(balanceText('0.004', false)).toBe('0.00');
  });

  it('shows -- when hidden, unknown or not a number', () => {
    expect(balanceText('100000', true)).toBe('--');
    expect(balanceText(undefined, false)).toBe('--');
    expect(balanceText('abc', false)).toBe('--');
  });
});
