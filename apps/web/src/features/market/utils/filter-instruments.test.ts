import type { Instrument } from '@meridian/contract/market';
import { describe, expect, it } from 'vitest';
import { instrumentFixture, quotationFixture } from '../../../testing/market-fixtures';
import { filterInstruments } from './filter-instruments';

function instrument(id: number, code: string, showCode: string, categoryId: number): Instrument {
  return instrumentFixture({
    Id: id,
    Code: code,
    ShowCode: showCode,
    CategoryId: categoryId,
    ForexQuotations: quotationFixture('1'),
  });
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
