import type { Instrument } from '@meridian/contract/market';
import { describe, expect, it } from 'vitest';
import { filterInstruments } from './filter-instruments';

function instrument(id: number, code: string, showCode: string, categoryId: number): Instrument {
  return {
    Id: id,
    Code: code,
    ShowCode: showCode,
    Logo: `/v1/api/forex/logo/${code}.svg`,
    CategoryId: categoryId,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: '0.01',
    ForexMinCont: '0.01',
    ForexMaxCont: '50',
    ForexContNum: '100000',
    ForexFeeRate: '5',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 100 }],
    QuoteCurrency: 'USD',
    Spread: '0.00001',
    ForexQuotations: {
      Open: '1',
      Close: '1',
      Change: '0.00',
      High: '1',
      Low: '1',
      Volume: '0',
      Bid: '1',
      Ask: '1',
      Time: 0,
    },
  };
}

const LIST = [
  instrument(1, 'EURUSD', 'EUR/USD', 1),
  instrument(2, 'USDJPY', 'USD/JPY', 1),
  instrument(3, 'BTCUSDT', 'BTC/USDT', 2),
  instrument(4, 'XAUUSD', 'XAU/USD', 3),
];
const codes = (list: Instrument[]) => list.map((item) => item.Code);

describe('filterInstruments', () => {
  it('keeps everything for All without a search', () => {
    expect(codes(filterInstruments(LIST, { categoryId: null }))).toEqual([
      'EURUSD',
      'USDJPY',
      'BTCUSDT',
      'XAUUSD',
    ]);
  });

  it('keeps one category', () => {
    expect(codes(filterInstruments(LIST, { categoryId: 1 }))).toEqual(['EURUSD', 'USDJPY']);
  });

  it('finds by code or shown code, ignoring case, spaces and slashes', () => {
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'usd' }))).toHaveLength(4);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'eur/usd' }))).toEqual(['EURUSD']);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: ' Btc usdt ' }))).toEqual(['BTCUSDT']);
    expect(codes(filterInstruments(LIST, { categoryId: 1, search: 'btc' }))).toEqual([]);
  });

  it('folds codes as the server does: full width, case and punctuation', () => {
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'ＸＡＵ' }))).toEqual(['XAUUSD']);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'usd-jpy' }))).toEqual(['USDJPY']);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: '%' }))).toEqual([]);
  });

  it('adds the instruments the server found by name, within the category', () => {
    const gold = new Set([4]);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'gold' }))).toEqual([]);
    expect(codes(filterInstruments(LIST, { categoryId: null, search: 'gold', nameMatches: gold }))).toEqual([
      'XAUUSD',
    ]);
    expect(codes(filterInstruments(LIST, { categoryId: 3, search: '금', nameMatches: gold }))).toEqual([
      'XAUUSD',
    ]);
    expect(codes(filterInstruments(LIST, { categoryId: 1, search: 'gold', nameMatches: gold }))).toEqual([]);
    // Codes found on the device and names found by the server together.
    expect(
      codes(filterInstruments(LIST, { categoryId: null, search: 'eur', nameMatches: new Set([2]) })),
    ).toEqual(['EURUSD', 'USDJPY']);
  });
});
