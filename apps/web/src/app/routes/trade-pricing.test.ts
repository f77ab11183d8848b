import { describe, expect, it } from 'vitest';
import { instrumentFixture } from '../../testing/market-fixtures';
import { conversionPairOf } from './trade-pricing';

const LIST = [
  instrumentFixture({ Id: 1, Code: 'EURUSD' }),
  instrumentFixture({ Id: 3, Code: 'USDJPY' }),
  instrumentFixture({ Id: 13, Code: 'BTCUSDT' }),
];

describe('conversionPairOf', () => {
  it('finds QUOTE/USD first, else USD/QUOTE', () => {
    expect(conversionPairOf('EUR', LIST)?.Code).toBe('EURUSD');
    expect(conversionPairOf('jpy', LIST)?.Code).toBe('USDJPY');
  });

  it('has none for a currency no pair links to the dollar', () => {
    expect(conversionPairOf('CHF', LIST)).toBeUndefined();
  });
});
