import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatChangePercent,
  formatChartPrice,
  formatPriceText,
  formatVolume,
  spreadText,
} from './price-format';

describe('formatPriceText', () => {
  it('groups thousands and keeps the digits sent', () => {
    expect(formatPriceText('67234.50', 2)).toBe('67,234.50');
    expect(formatPriceText('1.08523', 5)).toBe('1.08523');
    expect(formatPriceText('1234567')).toBe('1,234,567');
    expect(formatPriceText('-1234.5')).toBe('-1,234.5');
  });

  it('pads to the precision without rounding', () => {
    expect(formatPriceText('1.1', 5)).toBe('1.10000');
    expect(formatPriceText('150', 3)).toBe('150.000');
    expect(formatPriceText('1.123456', 2)).toBe('1.123456');
  });

  it('shows text that is not a decimal as it is', () => {
    expect(formatPriceText('--', 2)).toBe('--');
  });

  it('is written in the reader language at the precision', () => {
    expect(formatPriceText('67234.5', 2, 'de')).toBe('67.234,50');
    expect(formatPriceText('1.08523', 5, 'spa')).toBe('1,08523');
    expect(formatChartPrice(2034.1000000001, 2, 'de')).toBe('2.034,10');
  });
});

describe('formatChangePercent', () => {
  it('signs the change', () => {
    expect(formatChangePercent('0.12')).toBe('+0.12%');
    expect(formatChangePercent('-1.05')).toBe('-1.05%');
    expect(formatChangePercent('0.00')).toBe('0.00%');
    expect(formatChangePercent('-0.00')).toBe('0.00%');
    expect(formatChangePercent('1234.5')).toBe('+1,234.5%');
    expect(formatChangePercent('0.12', 'de')).toBe('+0,12\u00a0%');
  });
});

describe('directionOf', () => {
  it('reads up, down and flat', () => {
    expect(directionOf('0.01')).toBe('up');
    expect(directionOf('-0.01')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
  });
});

describe('formatVolume', () => {
  it('is short for large volumes', () => {
    expect(formatVolume('12.345')).toBe('12.35');
    expect(formatVolume('1234')).toBe('1,234');
    expect(formatVolume('12500')).toBe('12.5K');
    expect(formatVolume('3210000')).toBe('3.21M');
    expect(formatVolume('x')).toBe('x');
  });
});

describe('spreadText', () => {
  it('is ask minus bid at the precision, exactly', () => {
    expect(spreadText('1.08412', '1.08427', 5)).toBe('0.00015');
    expect(spreadText('67234.5', '67250.25', 2)).toBe('15.75');
    expect(spreadText('100', '101', 0)).toBe('1');
    expect(spreadText('0.1', '0.3', 1)).toBe('0.2');
    expect(spreadText('', '1.2', 2)).toBe('');
  });
});
