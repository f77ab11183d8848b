import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCompact, formatDecimal, formatLots, formatPercent, numberSymbols } from './number-format';

// The formatters themselves are tested in web-kit (number-format.test.ts); here, the binding.
describe("the customer app's numbers", () => {
  it('are written in the interface language when none is given', async () => {
    await i18next.init({ lng: 'de', resources: {} });
    expect(formatDecimal('1234.5', { places: 2 })).toBe('1.234,50');
    expect(formatPercent('0.12', { sign: 'always' }).replace('\u00a0', '_')).toBe('+0,12_%');
    expect(formatCompact(1234)).toBe('1.234');
    expect(formatLots('0.1', '0.01')).toBe('0,10');
    expect(numberSymbols().decimal).toBe(',');
  });

  it('are written in the language given', async () => {
    await i18next.init({ lng: 'de', resources: {} });
    expect(formatDecimal('1234.5', { places: 2, language: 'en' })).toBe('1,234.50');
    expect(formatLots('0.1', '0.01', 'en')).toBe('0.10');
    expect(numberSymbols('tr').percentBefore).toBe('%');
  });
});
