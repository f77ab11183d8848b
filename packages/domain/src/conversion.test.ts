import { describe, expect, it } from 'vitest';
import { conversionPairOf, quoteToAccountRate, SAME_CURRENCY, toAccountCurrency } from './conversion';
import { toDecimal } from './money';
import { asPrice } from './trade-values';

const mids: Record<string, string> = {
  EURUSD: '1.08500',
  GBPUSD: '1.27000',
  USDJPY: '151.200',
  USDCHF: '0.88500',
};
const midOf = (code: string) => mids[code];

describe('quote currency to account currency', () => {
  it('needs no conversion for USD and USDT', () => {
    expect(quoteToAccountRate('USD', midOf)).toEqual(SAME_CURRENCY);
    expect(quoteToAccountRate('usdt', midOf)).toEqual(SAME_CURRENCY);
  });

  it('multiplies by QUOTE/USD and divides by USD/QUOTE, whichever the catalogue has', () => {
    expect(quoteToAccountRate('EUR', midOf)).toEqual({ kind: 'multiply', price: '1.08500' });
    expect(quoteToAccountRate('GBP', midOf)).toEqual({ kind: 'multiply', price: '1.27000' });
    expect(quoteToAccountRate('JPY', midOf)).toEqual({ kind: 'divide', price: '151.200' });
    expect(quoteToAccountRate('CHF', midOf)).toEqual({ kind: 'divide', price: '0.88500' });
  });

  it('finds the pair QUOTE/USD first, then USD/QUOTE, in whatever the caller keeps by code', () => {
    const ids = new Map([
      ['EURUSD', 1],
      ['USDJPY', 2],
      ['USDEUR', 3],
    ]);
    expect(conversionPairOf('eur', (code) => ids.get(code))).toEqual({ kind: 'multiply', pair: 1 });
    expect(conversionPairOf('JPY', (code) => ids.get(code))).toEqual({ kind: 'divide', pair: 2 });
    expect(conversionPairOf('CAD', (code) => ids.get(code))).toBeUndefined();
  });

  it('answers nothing when no pair links the currency to the dollar', () => {
    expect(quoteToAccountRate('CAD', midOf)).toBeUndefined();
  });

  it('refuses a conversion price that is not positive (a programmer error)', () => {
    expect(() => quoteToAccountRate('EUR', () => '0')).toThrow();
  });

  it('converts with one division and one rounding', () => {
    const yen = toDecimal('10000');
    const dollars = toAccountCurrency(
      yen,
      toDecimal(1),
      { kind: 'divide', price: asPrice('151.300') },
      6,
      'halfUp',
    );
    // 10000 / 151.3 = 66.0938532...
    expect(dollars.toFixed(6)).toBe('66.093853');
  });
});
