import { describe, expect, it } from 'vitest';
import { parsePeriod } from './period';

describe('parsePeriod', () => {
  it('reads the six periods of the spec, forgiving case', () => {
    expect(['1M', '5M', '15M', '30M', '1H', '1D'].map(parsePeriod)).toEqual([
      '1M',
      '5M',
      '15M',
      '30M',
      '1H',
      '1D',
    ]);
    expect(parsePeriod('1h')).toBe('1H');
  });

  it('refuses anything else', () => {
    expect(parsePeriod(null)).toBeNull();
    expect(parsePeriod('')).toBeNull();
    expect(parsePeriod('4H')).toBeNull();
    expect(parsePeriod('60')).toBeNull();
  });
});
