import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatNumber,
  formatPercent,
} from './format';

describe('formatMoney', () => {
  it('keeps the currency places and drops the stored trailing zeros', () => {
    expect(formatMoney('1000000.00000000', undefined, 'en')).toBe('1,000,000.00');
    expect(formatMoney('250000', { code: 'USDT' }, 'en')).toBe('250,000.00 USDT');
    expect(formatMoney('0.00120000', { code: 'BTC', places: 8 }, 'en')).toBe('0.0012 BTC');
    expect(formatMoney('12.345', { places: 2 }, 'en')).toBe('12.35');
    expect(formatMoney('-0.001', { places: 2 }, 'en')).toBe('0.00');
    expect(formatMoney('-1234.5', undefined, 'hk')).toBe('-1,234.50');
  });

  it('is exact beyond what a binary float holds', () => {
    expect(formatMoney('12345678901234567.89', undefined, 'en')).toBe('12,345,678,901,234,567.89');
    expect(formatDecimal('0.1000000000000000055511', { placesMax: 22 }, 'en')).toBe(
      '0.1000000000000000055511',
    );
    expect(formatDecimal('0.30000000000000000004', { placesMax: 20 }, 'en')).toBe('0.30000000000000000004');
  });

  it('shows a dash for nothing and the text itself for what is not a number', () => {
    expect(formatMoney('', undefined, 'en')).toBe('-');
    expect(formatMoney(null, { code: 'USDT' }, 'en')).toBe('-');
    expect(formatNumber('n/a', 'en')).toBe('n/a');
  });
});

describe('formatNumber and formatPercent', () => {
  it('groups digits without trailing zeros', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber('1.50000000', 'en')).toBe('1.5');
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(0.0000001, 'en')).toBe('0.0000001');
    expect(formatNumber('1.5e3', 'en')).toBe('1,500');
    expect(formatPercent('12.5', 'en')).toBe('12.5%');
    expect(formatPercent('33.33333', 'hk')).toBe('33.33%');
  });
});

describe('formatDateTime and formatDate', () => {
  const moment = '2026-11-27T10:41:07.000Z';

  it('shows the seconds, in each language', () => {
    process.env.TZ = 'UTC';
    expect(formatDateTime(moment, 'en')).toMatch(/27 Nov 2026.*10:41:07/);
    expect(formatDateTime(moment, 'hk')).toMatch(/2026.*11.*27.*10:41:07/);
    expect(formatDateTime(Date.parse(moment), 'en')).toBe(formatDateTime(moment, 'en'));
    expect(formatDate(moment, 'en')).toBe('27 Nov 2026');
  });

  it('shows a dash for nothing and the text for what is not a moment', () => {
    expect(formatDateTime(null, 'en')).toBe('-');
    expect(formatDateTime('', 'en')).toBe('-');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
