import { describe, expect, it } from 'vitest';
import { formatMoneyText, formatOrderAmount, formatSignedMoney, toneOfAmount } from './money-format';

describe('formatMoneyText', () => {
  it('rounds half up once to the places and groups thousands', () => {
    expect(formatMoneyText('99896.27335', 2)).toBe('99,896.27');
    expect(formatMoneyText('0.125', 2)).toBe('0.13');
    expect(formatMoneyText('100000', 2)).toBe('100,000.00');
    expect(formatMoneyText('-1234.5', 2)).toBe('-1,234.50');
    expect(formatMoneyText('103.47665', 6)).toBe('103.476650');
  });

  it('never goes through a binary float', () => {
    // 1.005 is 1.00499999... as a double; decimal rounding gives 1.01.
    expect(formatMoneyText('1.005', 2)).toBe('1.01');
    expect(formatMoneyText('12345678901234567.895', 2)).toBe('12,345,678,901,234,567.90');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatMoneyText('--', 2)).toBe('--');
  });

  it('writes the amount as the reader language does', () => {
    expect(formatMoneyText('100000', 2, 'de')).toBe('100.000,00');
    expect(formatMoneyText('100000', 2, 'fr').replace(/\u202f/g, ' ')).toBe('100 000,00');
    expect(formatMoneyText('100000', 2, 'hk')).toBe('100,000.00');
    expect(formatMoneyText('100000', 2, 'ar')).toBe('100,000.00');
  });
});

describe('formatOrderAmount', () => {
  it('shows margin and fee alike at 6 places, so a fee of 0.005 is not 0.01', () => {
    expect(formatOrderAmount('103.476650')).toBe('103.476650');
    expect(formatOrderAmount('0.25')).toBe('0.250000');
    expect(formatOrderAmount('0.005')).toBe('0.005000');
    expect(formatOrderAmount('2069.3')).toBe('2,069.300000');
    expect(formatOrderAmount('0.1234565')).toBe('0.123457');
    expect(formatOrderAmount('2069.3', 'spa')).toBe('2069,300000');
  });
});

describe('formatSignedMoney', () => {
  it('writes the sign of gains and losses', () => {
    expect(formatSignedMoney('12.5', 2)).toBe('+12.50');
    expect(formatSignedMoney('-0.25', 2)).toBe('-0.25');
    expect(formatSignedMoney('-0.413800', 6)).toBe('-0.413800');
    expect(formatSignedMoney('1500', 2)).toBe('+1,500.00');
  });

  it('takes the sign after rounding, so a tiny loss rounds to a plain zero', () => {
    expect(formatSignedMoney('-0.001', 2)).toBe('0.00');
    expect(formatSignedMoney('0', 2)).toBe('0.00');
  });

  it('keeps the sign in every language', () => {
    expect(formatSignedMoney('1234.5678905', 6, 'de')).toBe('+1.234,567891');
    expect(formatSignedMoney('-0.413800', 6, 'pt')).toBe('-0,413800');
    expect(formatSignedMoney('-12.5', 2, 'ar')).toBe('-12.50');
  });
});

describe('toneOfAmount', () => {
  it('is up, down or flat by sign', () => {
    expect(toneOfAmount('0.000001')).toBe('up');
    expect(toneOfAmount('-3')).toBe('down');
    expect(toneOfAmount('0.000000')).toBe('flat');
  });
});
