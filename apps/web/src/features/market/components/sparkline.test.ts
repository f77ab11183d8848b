import { describe, expect, it } from 'vitest';
import { sparklinePath } from './sparkline';

describe('sparklinePath', () => {
  it('spans the box, the highest point at the top and the lowest at the bottom', () => {
    const path = sparklinePath(['1.0', '3.0', '2.0'], 64, 28);
    expect(path).toBe('M2.0 26.0 L32.0 2.0 L62.0 14.0');
  });

  it('draws a flat day through the middle', () => {
    expect(sparklinePath(['5', '5'], 64, 28)).toBe('M2.0 14.0 L62.0 14.0');
  });

  it('draws nothing without two points', () => {
    expect(sparklinePath(['1'], 64, 28)).toBe('');
    expect(sparklinePath([], 64, 28)).toBe('');
  });
});
