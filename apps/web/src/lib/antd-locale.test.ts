import { LANGUAGES, type Language } from '@meridian/contract/languages';
import antdEnglish from 'antd-mobile/es/locales/en-US';
import antdKorean from 'antd-mobile/es/locales/ko-KR';
import { describe, expect, it } from 'vitest';
import { type AntdLocale, loadAntdLocale } from './antd-locale';
import loaderSource from './antd-locale.ts?raw';
import ourEnglish from './antd-texts/en';

type Tree = { [key: string]: unknown };

/** Every text of a locale by its path ("InfiniteScroll.noMore"); lists (weekday names) left out. */
function textsOf(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, text] of textsOf(value as Tree, path)) flat.set(inner, text);
  }
  return flat;
}

/** The paths we write ourselves in every language. */
const OURS = [...textsOf(ourEnglish).keys()];

/** Words that are the same in English and in the language itself, on purpose. */
const SAME_WORD: Partial<Record<Language, readonly string[]>> = {
  jp: ['OK'],
  fr: ['OK'],
  de: ['OK'],
  pt: ['OK'],
  it: ['OK'],
  id: ['OK'],
};

/** antd-mobile's own texts that read as English or oddly in the language they are meant for. */
const KNOWN_BAD = [
  'No more',
  'Failed to load',
  'Retry',
  'Non, plus maintenant.',
  'Hết rồi bạn ơi',
  "Das war's",
  'Je l’ai compris',
  'Activer',
  'Chắc chắn',
];

const locales = new Map<Language, AntdLocale>();
for (const language of LANGUAGES) locales.set(language, await loadAntdLocale(language));

describe('the UI kit texts', () => {
  it('cover the kit parts the app uses', () => {
    expect(OURS).toEqual(
      expect.arrayContaining([
        'common.confirm',
        'common.cancel',
        'Dialog.ok',
        'InfiniteScroll.noMore',
        'InfiniteScroll.failedToLoad',
        'InfiniteScroll.retry',
        'PullToRefresh.pulling',
        'ErrorBlock.disconnected.title',
        'ErrorBlock.empty.title',
        'ImageUploader.upload',
        'SearchBar.name',
      ]),
    );
  });

  it.each([...LANGUAGES])('are ours in %s, with no English left among them', (language) => {
    const texts = textsOf(locales.get(language) as unknown as Tree);
    const english = [...textsOf(ourEnglish).values(), ...textsOf(antdEnglish as unknown as Tree).values()];
    for (const path of OURS) {
      const text = texts.get(path);
      expect(text, path).toBeTruthy();
      expect(text, path).toBe(text?.trim());
      if (language !== 'en' && !SAME_WORD[language]?.includes(text ?? '')) {
        expect(english, `${language} ${path}: "${text}"`).not.toContain(text);
      }
    }
  });

  it.each([...LANGUAGES])('drop the known bad texts in %s', (language) => {
    const texts = [...textsOf(locales.get(language) as unknown as Tree).values()];
    for (const bad of KNOWN_BAD) expect(texts, `${language}: "${bad}"`).not.toContain(bad);
  });

  it('say where a list ends in words a customer reads as a sentence', () => {
    expect(locales.get('en')?.InfiniteScroll.noMore).toBe('No more items');
    expect(locales.get('spa')?.InfiniteScroll.noMore).toBe('No hay más elementos');
    expect(locales.get('spa')?.InfiniteScroll.retry).toBe('Reintentar');
    expect(locales.get('fr')?.InfiniteScroll.noMore).toBe('Aucun autre élément');
    expect(locales.get('de')?.InfiniteScroll.noMore).toBe('Keine weiteren Einträge');
    expect(locales.get('vn')?.InfiniteScroll.noMore).toBe('Không còn mục nào khác');
    expect(locales.get('hk')?.InfiniteScroll.failedToLoad).toBe('載入失敗');
  });

  it('keep the rest of antd-mobile’s locale for the language', () => {
    // Parts we do not write (calendar, stepper, validation messages) stay antd's for the language.
    expect(locales.get('kr')?.Calendar).toEqual(antdKorean.Calendar);
    expect(locales.get('kr')?.Stepper).toEqual(antdKorean.Stepper);
    expect(locales.get('de')?.locale).toBe('de-DE');
    expect(locales.get('kr')?.Form.defaultValidateMessages.required).not.toBe(
      antdEnglish.Form.defaultValidateMessages.required,
    );
  });

  it('load one language at a time: every language is its own dynamic import', () => {
    expect(loaderSource).not.toMatch(/^import .*antd-texts\/(?!kit-texts)/m);
    expect(loaderSource).not.toMatch(/^import .*antd-mobile\/es\/locales\/(?!en-US';$)/m);
    for (const language of LANGUAGES) {
      expect(loaderSource).toContain(`import('./antd-texts/${language}')`);
    }
  });
});
