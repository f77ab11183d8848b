import { describe, expect, it } from 'vitest';
import { decimalInputShown, decimalInputText } from './decimal-input';

describe('decimalInputText', () => {
  it('keeps digits and one point, reading a comma as the point', () => {
    expect(decimalInputText('1.2345')).toBe('1.2345');
    expect(decimalInputText('1,5')).toBe('1.5');
    expect(decimalInputText('1.2.3')).toBe('1.23');
    expect(decimalInputText(' 12a3 ')).toBe('123');
    expect(decimalInputText('-5')).toBe('5');
  });

  it('reads numbers written with thousands groups, the last mark being the decimal one', () => {
    expect(decimalInputText('1.234,56')).toBe('1234.56');
    expect(decimalInputText('1,234.56')).toBe('1234.56');
    expect(decimalInputText('1 234,56')).toBe('1234.56');
    expect(decimalInputText('1\u202f234,5')).toBe('1234.5');
  });

  it('drops a comma typed after the point the box already holds', () => {
    expect(decimalInputText('1.5,')).toBe('1.5');
    expect(decimalInputText('1.5,2')).toBe('15.2');
  });

  it('reads Arabic digits and the Arabic decimal mark', () => {
    expect(decimalInputText('\u0661\u0662\u066b\u0665')).toBe('12.5');
    expect(decimalInputText('\u0661\u066c\u0662\u0663\u0664')).toBe('1234');
    expect(decimalInputText('\u06f3\u06f0')).toBe('30');
  });
});

describe('decimalInputShown', () => {
  it('shows the language decimal mark, which is read back as the point', () => {
    expect(decimalInputShown('1.5', 'de')).toBe('1,5');
    expect(decimalInputShown('1.', 'fr')).toBe('1,');
    expect(decimalInputShown('1234.5', 'en')).toBe('1234.5');
    expect(decimalInputShown('0.01', 'ar')).toBe('0.01');
    expect(decimalInputText(decimalInputShown('12.75', 'ru'))).toBe('12.75');
    expect(decimalInputText(`${decimalInputShown('1.', 'de')}5`)).toBe('1.5');
  });
});
