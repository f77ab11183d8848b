import { LANGUAGES } from '@meridian/contract/languages';
import { describe, expect, it } from 'vitest';
import { formatCompact, formatDecimal, formatPercent, numberSymbols, numberTag } from './number-format';

/** fr and ru group with no-break spaces (U+202F in fr, U+00A0 in ru); written as "_" below. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, '_');

describe('formatDecimal in the reader language', () => {
  it('groups and points as each language writes numbers', () => {
    const two = (language: Parameters<typeof numberTag>[0]) =>
      spaces(formatDecimal('1234567.5', { places: 2, language }));
    expect(two('en')).toBe('1,234,567.50');
    expect(two('hk')).toBe('1,234,567.50');
    expect(two('de')).toBe('1.234.567,50');
    expect(two('fr')).toBe('1_234_567,50');
    expect(two('ru')).toBe('1_234_567,50');
    expect(two('spa')).toBe('1.234.567,50');
    expect(two('pt')).toBe('1.234.567,50');
    expect(two('ar')).toBe('1,234,567.50');
  });

  it('writes Arabic with Latin digits and no hidden direction marks', () => {
    const text = formatDecimal('-98765.4321', { places: 2, language: 'ar' });
    expect(text).toBe('-98,765.43');
    expect(numberTag('ar')).toBe('ar-u-nu-latn');
  });

  it('follows the language on four-digit numbers (es and it leave 1234 whole)', () => {
    expect(formatDecimal('1234.5', { places: 2, language: 'de' })).toBe('1.234,50');
    expect(formatDecimal('1234.5', { places: 2, language: 'spa' })).toBe('1234,50');
    expect(formatDecimal('12345.5', { places: 2, language: 'spa' })).toBe('12.345,50');
  });

  it('keeps every digit of long decimals (no binary float)', () => {
    expect(formatDecimal('12345678.12345678', { language: 'de' })).toBe('12.345.678,12345678');
    expect(formatDecimal('12345678.12345678', { language: 'en' })).toBe('12,345,678.12345678');
    expect(formatDecimal('123456789012345678901.123456789', { language: 'pt' })).toBe(
      '123.456.789.012.345.678.901,123456789',
    );
  });

  it('rounds half away from zero on the text, at 2 and at 6 places', () => {
    expect(formatDecimal('1.005', { places: 2, language: 'en' })).toBe('1.01');
    expect(formatDecimal('-1.005', { places: 2, language: 'en' })).toBe('-1.01');
    expect(formatDecimal('1.00499999', { places: 2, language: 'en' })).toBe('1.00');
    expect(formatDecimal('999.995', { places: 2, language: 'de' })).toBe('1.000,00');
    expect(formatDecimal('0.0000005', { places: 6, language: 'en' })).toBe('0.000001');
    expect(formatDecimal('12345678.1234565', { places: 6, language: 'fr' })).toMatch(/^12.345.678,123457$/);
    expect(formatDecimal('99999999.9999995', { places: 6, language: 'en' })).toBe('100,000,000.000000');
  });

  it('takes the sign after rounding and writes "+" only when asked', () => {
    expect(formatDecimal('-0.001', { places: 2, language: 'en' })).toBe('0.00');
    expect(formatDecimal('-0.001', { places: 2, sign: 'always', language: 'en' })).toBe('0.00');
    expect(formatDecimal('12.5', { places: 6, sign: 'always', language: 'de' })).toBe('+12,500000');
    expect(formatDecimal('-1234.5', { places: 2, sign: 'always', language: 'ru' })).toMatch(/^-1.234,50$/);
    expect(formatDecimal('+3', { language: 'en' })).toBe('3');
  });

  it('pads to a minimum and trims zeros past it under a maximum, as Intl reads the bounds', () => {
    expect(formatDecimal('1.1', { minPlaces: 5, language: 'en' })).toBe('1.10000');
    expect(formatDecimal('1.123456', { minPlaces: 2, language: 'en' })).toBe('1.123456');
    expect(formatDecimal('0.12500000', { minPlaces: 2, maxPlaces: 8, language: 'de' })).toBe('0,125');
    expect(formatDecimal('3', { minPlaces: 2, maxPlaces: 8, language: 'de' })).toBe('3,00');
  });

  it('shows text that is not a plain decimal as it is', () => {
    expect(formatDecimal('--', { places: 2, language: 'en' })).toBe('--');
    expect(formatDecimal('', { places: 2, language: 'en' })).toBe('');
    expect(formatDecimal('1e5', { places: 2, language: 'en' })).toBe('1e5');
  });

  it('writes what Intl writes, for every language, where a double holds the number', () => {
    const values = ['0', '7', '1234', '12345.678', '-1234567.891', '0.5', '-0.25'];
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(numberTag(language), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      });
      for (const value of values) {
        const expected = intl
          .format(Number(value))
          .replace(/[\u200e\u200f\u061c]/g, '')
          .replace('\u2212', '-');
        expect(formatDecimal(value, { minPlaces: 2, maxPlaces: 3, language }), `${language} ${value}`).toBe(
          expected,
        );
      }
    }
  });
});

describe('formatPercent', () => {
  it('places the percent sign as the language does', () => {
    expect(formatPercent('0.12', { sign: 'always', language: 'en' })).toBe('+0.12%');
    expect(spaces(formatPercent('0.12', { sign: 'always', language: 'de' }))).toBe('+0,12_%');
    expect(spaces(formatPercent('-1.05', { sign: 'always', language: 'fr' }))).toBe('-1,05_%');
    expect(formatPercent('-1.05', { sign: 'always', language: 'tr' })).toBe('-%1,05');
    expect(formatPercent('0.12', { sign: 'always', language: 'ar' })).toBe('+0.12%');
    expect(formatPercent('-0.00', { sign: 'always', language: 'en' })).toBe('0.00%');
    expect(spaces(formatPercent('1234.5', { language: 'spa' }))).toBe('1234,5_%');
  });
});

describe('formatCompact', () => {
  it('is short past ten thousand, in the language', () => {
    expect(formatCompact(12.345, 'en')).toBe('12.35');
    expect(formatCompact(1234, 'de')).toBe('1.234');
    expect(formatCompact(12500, 'en')).toBe('12.5K');
    expect(spaces(formatCompact(3210000, 'de'))).toBe('3,21_Mio.');
  });
});

/** What Intl (CLDR) says of a language's numbers: what the table must hold. */
function symbolsFromIntl(tag: string) {
  const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(1234567.5);
  const fourDigits = new Intl.NumberFormat(tag).formatToParts(1234);
  const percent = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(0.5);
  const numberAt = percent.findIndex((part) => part.type === 'integer');
  const lastNumberPart = percent.findLastIndex((part) =>
    ['integer', 'decimal', 'fraction'].includes(part.type),
  );
  const text = (from: number, to: number) =>
    percent
      .slice(from, to)
      .map((part) => part.value)
      .join('')
      .replace(/[\u200e\u200f\u061c]/g, '');
  return {
    group: parts.find((part) => part.type === 'group')?.value,
    decimal: parts.find((part) => part.type === 'decimal')?.value,
    groupFrom: fourDigits.some((part) => part.type === 'group') ? 4 : 5,
    percentBefore: text(0, numberAt),
    percentAfter: text(lastNumberPart + 1, percent.length),
  };
}

describe('numberSymbols', () => {
  it.each(LANGUAGES)(
    "holds what Intl writes for %s (separators, grouping from, percent's layout)",
    (language) => {
      expect(numberSymbols(language)).toEqual(symbolsFromIntl(numberTag(language)));
    },
  );

  it('answers the symbols of the language asked for', () => {
    expect(numberSymbols('de').decimal).toBe(',');
    expect(numberSymbols('tr').percentBefore).toBe('%');
  });
});
