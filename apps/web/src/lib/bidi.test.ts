import { describe, expect, it } from 'vitest';
import { isolated, ltr } from './bidi';

describe('ltr', () => {
  it('wraps the text in a left-to-right isolate', () => {
    expect(ltr('-1.58')).toBe('\u2066-1.58\u2069');
    expect(ltr(12)).toBe('\u206612\u2069');
  });
});

describe('isolated', () => {
  it('wraps a name in a first-strong isolate, so it keeps its own direction', () => {
    expect(isolated('Alpha Desk')).toBe('\u2068Alpha Desk\u2069');
  });
});
