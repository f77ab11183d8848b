import { LANGUAGES } from '@meridian/contract/languages';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../features/user/utils/entries';

type Tree = { [key: string]: string | Tree };

const FILES = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

function load(language: string): Map<string, string> {
  const tree = FILES[`./${language}.json`];
  if (!tree) throw new Error(`src/locales/${language}.json is missing`);
  return flatten(tree);
}

const english = load('en');

describe('locale files', () => {
  it('exist for each of the 15 languages and nothing else', () => {
    const present = Object.keys(FILES)
      .map((file) => file.replace(/^\.\/|\.json$/g, ''))
      .sort();
    expect(present).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const texts = load(language);

    it('has every key en.json has, and no other', () => {
      expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([]);
      expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([]);
    });

    it('has no empty text', () => {
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it('keeps every interpolation placeholder', () => {
      const broken = [...english]
        .filter(
          ([key, text]) =>
            texts.has(key) && placeholders(text).join() !== placeholders(texts.get(key) ?? '').join(),
        )
        .map(([key]) => key);
      expect(broken).toEqual([]);
    });

    it('is a translation, not a copy of English', () => {
      const same = [...english].filter(([key, text]) => texts.get(key) === text).length;
      // Brand words, "UID", "Demo" and pure placeholders may rightly stay as they are.
      expect(same / english.size).toBeLessThan(0.15);
    });
  });

  it('en.json has no empty text', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});

describe('keys used in the code', () => {
  it('all exist in en.json', () => {
    const used = new Set<string>();
    const patterns = [
      /\bt\(\s*'([a-z][\w]*\.[\w.]+)'/g,
      /\b(?:titleKey|labelKey)[:=]\s*'([a-z][\w]*\.[\w.]+)'/g,
    ];
    for (const source of Object.values(SOURCES)) {
      for (const pattern of patterns) for (const match of source.matchAll(pattern)) used.add(match[1] ?? '');
      // Keys chosen by a condition: t(flag ? 'a.b' : 'c.d').
      for (const match of source.matchAll(/\bt\([^)]*?\?\s*'([\w.]+)'\s*:\s*'([\w.]+)'/g)) {
        used.add(match[1] ?? '');
        used.add(match[2] ?? '');
      }
      for (const match of source.matchAll(/route\('[^']*',\s*'([\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !english.has(key)).sort()).toEqual([]);
  });

  it('cover every entry id of the personal center', () => {
    for (const { id } of ENTRIES) {
      expect(english.has(`user.entries.${id}`)).toBe(true);
    }
  });
});
