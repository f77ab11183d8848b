import { describe, expect, it } from 'vitest';
import { closePrice, openPrice } from './fill-price';
import { orderTypeOf, sideOfOrderType } from './side';
import { asMoney, asPrice } from './trade-values';

describe('fill prices', () => {
  const quote = { bid: '1.08496', ask: '1.08504' };

  it('opens a buy at the ask and a sell at the bid', () => {
    expect(openPrice('buy', quote)).toBe('1.08504');
    expect(openPrice('sell', quote)).toBe('1.08496');
  });

  it('closes a buy at the bid and a sell at the ask', () => {
    expect(closePrice('buy', quote)).toBe('1.08496');
    expect(closePrice('sell', quote)).toBe('1.08504');
  });

  it('reads the wire order type: 1 buy, anything else sell', () => {
    expect(sideOfOrderType(1)).toBe('buy');
    expect(sideOfOrderType(2)).toBe('sell');
    expect(sideOfOrderType(0)).toBe('sell');
    expect(orderTypeOf('buy')).toBe(1);
    expect(orderTypeOf('sell')).toBe(2);
  });
});

describe('branded values', () => {
  it('keep plain text as written and write anything else plainly', () => {
    expect(asPrice(' 1.08500 ')).toBe('1.08500');
    expect(asPrice('1e-5')).toBe('0.00001');
    expect(asMoney(12.5)).toBe('12.5');
    expect(() => asPrice('abc')).toThrow();
    expect(() => asPrice(Number.POSITIVE_INFINITY)).toThrow();
  });
});
