import { LANGUAGES, type Language } from '@meridian/contract/languages';
import { foldSearchText } from '@meridian/domain/search-text';
import { describe, expect, it } from 'vitest';
import { instrumentNames } from './instrument-names';
import { searchInstruments } from './instrument-search';
import { INSTRUMENTS } from './live/catalogue';

const codesOf = (text: string, language: Language = 'en') =>
  searchInstruments(INSTRUMENTS, text, language).map((instrument) => instrument.code);

describe('instrument names', () => {
  it('name every catalogue instrument in all 15 languages', () => {
    for (const instrument of INSTRUMENTS) {
      const names = instrumentNames(instrument.code);
      expect(names, instrument.code).toBeDefined();
      for (const language of LANGUAGES) {
        const local = names?.[language] ?? [];
        expect(local.length, `${instrument.code} ${language}`).toBeGreaterThan(0);
        for (const name of local) expect(foldSearchText(name), `${instrument.code} ${language}`).not.toBe('');
      }
    }
  });

  it('find each instrument by its usual name in each language', () => {
    for (const instrument of INSTRUMENTS) {
      const names = instrumentNames(instrument.code);
      for (const language of LANGUAGES) {
        const usual = names?.[language][0] ?? '';
        expect(codesOf(usual, language), `${instrument.code} ${language} "${usual}"`).toContain(
          instrument.code,
        );
        // A name whole finds its instrument whatever the reader's language.
        expect(codesOf(usual, 'kr'), `${instrument.code} ${language} "${usual}" in kr`).toContain(
          instrument.code,
        );
      }
    }
  });

  it('leave each full ticker finding its own instrument only', () => {
    for (const instrument of INSTRUMENTS) {
      expect(codesOf(instrument.code)).toEqual([instrument.code]);
      expect(codesOf(instrument.showCode)).toContain(instrument.code);
    }
  });

  it('find gold, silver, oil, crypto and indices by their names', () => {
    for (const gold of [
      'gold',
      'GOLD',
      '黃金',
      '黄金',
      '金',
      '금',
      'ทองคำ',
      'vàng',
      'vang',
      'or',
      'золото',
      'oro',
      'ouro',
      'ذهب',
      'altın',
      'altin',
      'emas',
    ])
      expect(codesOf(gold), gold).toContain('XAUUSD');
    expect(codesOf('silver')).toEqual(['XAGUSD']);
    expect(codesOf('oil')).toEqual(['USOIL', 'UKOIL']);
    expect(codesOf('brent')).toEqual(['UKOIL']);
    expect(codesOf('petroleo')).toEqual(['USOIL', 'UKOIL']);
    expect(codesOf('bitcoin')).toEqual(['BTCUSDT']);
    expect(codesOf('ether')).toEqual(['ETHUSDT']);
    expect(codesOf('nasdaq')).toEqual(['NAS100']);
    expect(codesOf('dax')).toEqual(['GER40']);
    expect(codesOf('dow')).toEqual(['US30']);
    expect(codesOf('s&p')).toEqual(['US500']);
    expect(codesOf('nikkei')).toEqual(['JPN225']);
    expect(codesOf('yen')).toEqual(['USDJPY', 'EURJPY', 'GBPJPY', 'AUDJPY']);
    expect(codesOf('sterling')).toEqual(['GBPUSD', 'EURGBP', 'GBPJPY']);
    expect(codesOf('cable')).toEqual(['GBPUSD']);
    expect(codesOf('petro', 'spa')).toEqual(['USOIL', 'UKOIL']);
    expect(codesOf('Yeni Zelanda', 'en')).toEqual(['NZDUSD']);
    expect(codesOf('euro dollar')).toEqual(['EURUSD']);
    expect(codesOf('歐元美元')).toEqual(['EURUSD']);
  });

  it("match the reader's names as typed and the other languages' as whole words", () => {
    // Turkish "Yeni Zelanda doları" starts with "yen", but "yen" in English means the yen.
    expect(codesOf('yen', 'en')).toEqual(['USDJPY', 'EURJPY', 'GBPJPY', 'AUDJPY']);
    expect(codesOf('yen', 'tr')).toContain('NZDUSD');
    expect(codesOf('petro', 'en')).toEqual([]);
    expect(codesOf('petroleo', 'en')).toEqual(['USOIL', 'UKOIL']);
  });

  it('keep the ticker searches as they were', () => {
    expect(codesOf('eur')).toEqual(['EURUSD', 'EURGBP', 'EURJPY', 'EURCHF']);
    expect(codesOf('usdt')).toHaveLength(8);
    expect(codesOf('eur usd')).toEqual(['EURUSD']);
    expect(codesOf('%')).toEqual([]);
    expect(codesOf('')).toHaveLength(INSTRUMENTS.length);
  });
});
