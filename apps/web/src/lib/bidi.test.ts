import { describe, expect, it } from 'vitest';
import { ltr } from './bidi';

describe('ltr', () => {
  it('wraps the text in a left-to-right isolate', () => {
    expect(ltr('-1.58')).toBe('\u2066-1.58\u2069');
    expect(ltr(12)).toBe('\u206612\u2069');
  });
});
