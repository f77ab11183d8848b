import { describe, expect, it } from 'vitest';
import { currencyPlaces, formatMoneyText, formatSignedMoney } from './money-format';
import { formatDecimal } from './number-format';

describe('formatMoneyText', () => {
  it('rounds half up once to the places, on the text, in the language given', () => {
    expect(formatMoneyText('99896.27335', 2, 'en')).toBe('99,896.27');
    expect(formatMoneyText('1.005', 2, 'en')).toBe('1.01');
    expect(formatMoneyText('12345678901234567.895', 2, 'en')).toBe('12,345,678,901,234,567.90');
    expect(formatMoneyText('99896.27335', 2, 'de')).toBe('99.896,27');
    expect(formatMoneyText('--', 2, 'en')).toBe('--');
  });
});

describe('formatSignedMoney', () => {
  it('writes the sign, taken after rounding', () => {
    expect(formatSignedMoney('12.5', 2, 'en')).toBe('+12.50');
    expect(formatSignedMoney('-0.25', 2, 'en')).toBe('-0.25');
    expect(formatSignedMoney('-0.001', 2, 'en')).toBe('0.00');
    expect(formatSignedMoney('1234.5678905', 6, 'de')).toBe('+1.234,567891');
  });
});

describe('currencyPlaces', () => {
  it("keeps a currency's cents and drops the zeros past them", () => {
    expect(currencyPlaces()).toEqual({ minPlaces: 2, maxPlaces: 2 });
    expect(currencyPlaces(8)).toEqual({ minPlaces: 2, maxPlaces: 8 });
    expect(currencyPlaces(0)).toEqual({ minPlaces: 0, maxPlaces: 0 });
    const btc = (amount: string) => formatDecimal(amount, { ...currencyPlaces(8), language: 'en' });
    expect(btc('0.00120000')).toBe('0.0012');
    expect(btc('3')).toBe('3.00');
  });
});
