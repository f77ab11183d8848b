import { describe, expect, it } from 'vitest';
import { compareDecimalText, signOfDecimalText } from './decimal-text';

describe('compareDecimalText', () => {
  it.each([
    ['1.08523', '1.08524', -1],
    ['1.0852', '1.08520', 0],
    ['67234.5', '9999.99', 1],
    ['0.1', '0.09', 1],
    ['-0.5', '0.1', -1],
    ['-2', '-10', 1],
    ['-0.00', '0', 0],
    ['007.10', '7.1', 0],
    ['+3', '3.0', 0],
  ])('%s against %s is %i', (a, b, expected) => {
    expect(compareDecimalText(a, b)).toBe(expected);
  });

  it('refuses what is not a decimal', () => {
    expect(compareDecimalText('abc', '1')).toBeNull();
    expect(compareDecimalText('1e5', '1')).toBeNull();
    expect(compareDecimalText('', '1')).toBeNull();
  });

  it('agrees with a decimal order on many pairs', () => {
    for (let a = -30; a <= 30; a += 7) {
      for (let b = -30; b <= 30; b += 3) {
        const left = (a / 8).toFixed(3);
        const right = (b / 8).toFixed(3);
        expect(compareDecimalText(left, right), `${left} ${right}`).toBe(Math.sign(a - b) || 0);
      }
    }
  });
});

describe('signOfDecimalText', () => {
  it('reads the sign, with zero for zero and junk', () => {
    expect(signOfDecimalText('0.25')).toBe(1);
    expect(signOfDecimalText('-0.25')).toBe(-1);
    expect(signOfDecimalText('0.00')).toBe(0);
    expect(signOfDecimalText('-0.00')).toBe(0);
    expect(signOfDecimalText('n/a')).toBe(0);
  });
});
