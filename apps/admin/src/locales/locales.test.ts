import { describe, expect, it } from 'vitest';
import en from './en.json';
import hk from './hk.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

function valueAt(tree: unknown, key: string): string {
  return String(
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree),
  );
}

describe('back-office language files', () => {
  it('have the same keys and placeholders in English and Traditional Chinese, none empty', () => {
    expect(keysOf(hk).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(en)) {
      expect(valueAt(hk, key).trim(), key).not.toBe('');
      expect(placeholdersOf(valueAt(hk, key)), key).toEqual(placeholdersOf(valueAt(en, key)));
    }
  });
});
