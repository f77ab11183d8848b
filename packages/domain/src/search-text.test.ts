import { describe, expect, it } from 'vitest';
import { foldSearchText, matchesSearch, prepareSearch, searchEntry } from './search-text';

const finds = (text: string, codes: string[], names: string[] = []) =>
  matchesSearch(prepareSearch(text), searchEntry(codes, names));

describe('foldSearchText', () => {
  it('drops case, accents, spaces and punctuation', () => {
    expect(foldSearchText('Petróleo')).toBe('petroleo');
    expect(foldSearchText('PETRÓLEO')).toBe(foldSearchText('petroleo'));
    expect(foldSearchText('EUR/USD')).toBe('eurusd');
    expect(foldSearchText(' eur usd ')).toBe('eurusd');
    expect(foldSearchText('S&P 500')).toBe('sp500');
    expect(foldSearchText('Neuseeland-Dollar')).toBe('neuseelanddollar');
    expect(foldSearchText('Rohöl')).toBe('rohol');
    expect(foldSearchText('gümüş')).toBe('gumus');
  });

  it('folds full-width Latin and digits to plain ones', () => {
    expect(foldSearchText('ＧＯＬＤ')).toBe('gold');
    expect(foldSearchText('ＵＳ５００')).toBe('us500');
  });

  it('reads letters Unicode does not decompose as their plain letters', () => {
    expect(foldSearchText('altın')).toBe('altin');
    expect(foldSearchText('ALTIN')).toBe('altin');
    expect(foldSearchText('İngiliz')).toBe('ingiliz');
    expect(foldSearchText('Đô la Mỹ')).toBe('dolamy');
    expect(foldSearchText('Vàng')).toBe('vang');
  });

  it('drops Arabic vowel marks and the stretching tatweel, and unifies final letter forms', () => {
    expect(foldSearchText('ذَهَب')).toBe('ذهب');
    expect(foldSearchText('ذهـــب')).toBe('ذهب');
    expect(foldSearchText('فضة')).toBe(foldSearchText('فضه'));
    expect(foldSearchText('الإسترليني')).toBe(foldSearchText('الاسترليني'));
  });

  it('keeps Thai, Chinese and Korean spelling (only their case-less form is compared)', () => {
    expect(foldSearchText('ทองคำ')).toBe(foldSearchText('ทองคำ'));
    expect(foldSearchText('น้ำมัน')).not.toBe(foldSearchText('นมน'));
    expect(foldSearchText('黃金')).toBe('黃金');
    expect(foldSearchText('금')).toBe('금'.normalize('NFKD'));
  });
});

describe('matchesSearch', () => {
  const gold = ['XAUUSD', 'XAU/USD'];
  const goldNames = ['Gold', '黃金', '金', '금', 'ทองคำ', 'Vàng', 'Or', 'золото', 'الذهب', 'altın'];

  it('finds codes anywhere inside, ignoring case, spaces and slashes', () => {
    expect(finds('usd', ['EURUSD', 'EUR/USD'])).toBe(true);
    expect(finds('eur usd', ['EURUSD', 'EUR/USD'])).toBe(true);
    expect(finds('EUR/USD', ['EURUSD', 'EUR/USD'])).toBe(true);
    expect(finds('r/u', ['EURUSD', 'EUR/USD'])).toBe(true);
    expect(finds('tech', ['NAS100', 'US Tech 100'])).toBe(true);
    expect(finds('jpy', ['EURUSD', 'EUR/USD'])).toBe(false);
  });

  it('finds a name in any case and with or without accents', () => {
    expect(finds('gold', gold, goldNames)).toBe(true);
    expect(finds('GOLD', gold, goldNames)).toBe(true);
    expect(finds('ｇｏｌｄ', gold, goldNames)).toBe(true);
    expect(finds('vang', gold, goldNames)).toBe(true);
    expect(finds('ЗОЛОТО', gold, goldNames)).toBe(true);
    expect(finds('altin', gold, goldNames)).toBe(true);
    expect(finds('petroleo', ['USOIL'], ['petróleo crudo WTI'])).toBe(true);
    expect(finds('petróleo', ['USOIL'], ['petroleo'])).toBe(true);
  });

  it('matches names from the start of a word in spaced scripts', () => {
    expect(finds('oil', ['USOIL', 'WTI Crude'], ['WTI crude oil'])).toBe(true);
    expect(finds('crude oil', ['UKOIL', 'Brent Crude'], ['Brent crude oil'])).toBe(true);
    expect(finds('dollar', ['AUDUSD'], ['Neuseeland-Dollar'])).toBe(true);
    // "Öl" is not inside "Solana" or "dollar": names match at word starts only.
    expect(finds('Öl', [], ['Solana'])).toBe(false);
    expect(finds('Öl', ['EURUSD', 'EUR/USD'], ['US dollar'])).toBe(false);
    expect(finds('Öl', ['USOIL'], ['Öl'])).toBe(true);
    expect(finds('old', gold, goldNames)).toBe(false);
  });

  it('matches names anywhere inside in scripts written without spaces', () => {
    expect(finds('黃金', gold, goldNames)).toBe(true);
    expect(finds('金', ['XPTUSD'], ['白金'])).toBe(true);
    expect(finds('ทองคำ', gold, goldNames)).toBe(true);
    expect(finds('ทอง', gold, goldNames)).toBe(true);
    expect(finds('금', gold, goldNames)).toBe(true);
    expect(finds('原油', ['USOIL'], ['WTI原油'])).toBe(true);
    expect(finds('白銀', gold, goldNames)).toBe(false);
  });

  it('finds an Arabic name with or without its article and vowel marks', () => {
    expect(finds('ذهب', gold, goldNames)).toBe(true);
    expect(finds('الذهب', gold, goldNames)).toBe(true);
    expect(finds('ذَهَب', gold, goldNames)).toBe(true);
    expect(finds('فضة', gold, goldNames)).toBe(false);
  });

  it('matches several words each on its own when no single name holds them all', () => {
    const pair = searchEntry(['EURUSD', 'EUR/USD'], ['euro', 'US dollar', 'dollar']);
    expect(matchesSearch(prepareSearch('euro dollar'), pair)).toBe(true);
    expect(matchesSearch(prepareSearch('dollar eur'), pair)).toBe(true);
    expect(matchesSearch(prepareSearch('euro yen'), pair)).toBe(false);
  });

  it('matches names of other languages only as whole words', () => {
    const pair = searchEntry(['NZDUSD', 'NZD/USD'], ['New Zealand dollar'], ['Yeni Zelanda doları']);
    expect(matchesSearch(prepareSearch('new zea'), pair)).toBe(true);
    expect(matchesSearch(prepareSearch('yen'), pair)).toBe(false);
    expect(matchesSearch(prepareSearch('yeni'), pair)).toBe(true);
    expect(matchesSearch(prepareSearch('YENI ZELANDA'), pair)).toBe(true);
    expect(matchesSearch(prepareSearch('dolari'), pair)).toBe(true);
  });

  it('finds nothing for a search of only punctuation or spaces', () => {
    expect(finds('%', gold, goldNames)).toBe(false);
    expect(finds(' / ', gold, goldNames)).toBe(false);
    expect(finds('', gold, goldNames)).toBe(false);
  });
});
