import { describe, expect, it } from 'vitest';
import { decimalInputText } from './decimal-input';

describe('decimalInputText', () => {
  it('keeps digits and one point, reading a comma as the point', () => {
    expect(decimalInputText('1.2345')).toBe('1.2345');
    expect(decimalInputText('1,5')).toBe('1.5');
    expect(decimalInputText('1.2.3')).toBe('1.23');
    expect(decimalInputText(' 12a3 ')).toBe('123');
    expect(decimalInputText('-5')).toBe('5');
  });
});
