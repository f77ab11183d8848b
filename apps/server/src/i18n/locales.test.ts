import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@meridian/contract/languages';
import { describe, expect, it } from 'vitest';
import { SERVER_LOCALES, translate } from '../http/i18n';
import { LEDGER_KINDS } from '../modules/ledger/ledger.kinds';

const LOCALES_DIR = fileURLToPath(new URL('./locales/', import.meta.url));
const SOURCE_DIRS = [
  fileURLToPath(new URL('../', import.meta.url)),
  fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url)),
  // The domain's rules refuse with message keys (validation.lots_step, ...) that the server translates.
  fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url)),
];

/** `{a: {b: 'x'}}` becomes `{'a.b': 'x'}`; non-text leaves are kept as they are, to be reported. */
function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, leaf] of flatten(value as Record<string, unknown>, name)) flat.set(inner, leaf);
    } else {
      flat.set(name, value);
    }
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(SERVER_LOCALES.en);
const others = LANGUAGES.filter((language) => language !== 'en');

describe('server locale files', () => {
  it('exist for exactly the 15 languages', async () => {
    const files = (await readdir(LOCALES_DIR)).filter((file) => file.endsWith('.json')).sort();
    expect(files).toEqual([...LANGUAGES].map((language) => `${language}.json`).sort());
  });

  it('English has only non-empty texts', () => {
    for (const [key, value] of english) {
      expect(typeof value === 'string' && value.trim() !== '', `en: ${key}`).toBe(true);
    }
  });

  it.each(others)(
    '%s has every English key, no other key, no empty text, and the same placeholders',
    (language) => {
      const messages = flatten(SERVER_LOCALES[language]);
      const problems: string[] = [];
      for (const [key, englishText] of english) {
        const text = messages.get(key);
        if (text === undefined) problems.push(`missing ${key}`);
        else if (typeof text !== 'string' || text.trim() === '') problems.push(`empty ${key}`);
        else if (placeholders(text).join() !== placeholders(englishText as string).join()) {
          problems.push(
            `placeholders of ${key}: ${placeholders(text).join()} instead of ${placeholders(englishText as string).join()}`,
          );
        }
      }
      for (const key of messages.keys()) if (!english.has(key)) problems.push(`unknown ${key}`);
      expect(problems).toEqual([]);
    },
  );

  it.each(others)('%s is translated, not a copy of English', (language) => {
    const messages = flatten(SERVER_LOCALES[language]);
    const copies = [...english].filter(([key, text]) => messages.get(key) === text).map(([key]) => key);
    // A few words are the same in some languages ("Type" in French, "Password" in Italian).
    expect(copies.length, `${language} copies: ${copies.join(', ')}`).toBeLessThanOrEqual(
      english.size * 0.05,
    );
  });

  it('has a text for every message key the server and the contract use', async () => {
    const keys = new Set<string>();
    for (const directory of SOURCE_DIRS) {
      const files = (await readdir(directory, { recursive: true })).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      for (const file of files) {
        const text = await readFile(path.join(directory, file), 'utf8');
        for (const match of text.matchAll(/'((?:error|validation|ledger)\.[a-z_]+)'/g))
          keys.add(match[1] ?? '');
      }
    }
    for (const kind of LEDGER_KINDS) keys.add(`ledger.${kind}`);
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys].filter((key) => !english.has(key))).toEqual([]);
  });

  it("names the field of a price refusal in the reader's language", () => {
    expect(translate('en', 'validation.price_precision', { field: 'stop_loss_price', places: 5 })).toBe(
      'Stop-loss can have at most 5 decimal places.',
    );
    expect(translate('de', 'validation.price_invalid', { field: 'target_price' })).toBe(
      'Zielpreis muss eine Zahl sein.',
    );
  });

  it('translates with parameters and reads the legacy language code tw as hk', () => {
    expect(translate('en', 'error.rate_limited', { seconds: 42 })).toBe(
      'Too many attempts. Please try again in 42 seconds.',
    );
    expect(translate('tw', 'error.login_failed')).toBe(translate('hk', 'error.login_failed'));
    expect(translate('ar', 'error.login_failed')).not.toBe(translate('en', 'error.login_failed'));
  });
});

describe('translate', () => {
  it('answers the same message from its memory of plain messages as the first time, per language', () => {
    expect(translate('en', 'success')).toBe('Success');
    expect(translate('en', 'success')).toBe('Success');
    const german = translate('de', 'success');
    expect(german).not.toBe('Success');
    expect(translate('de', 'success')).toBe(german);
    // A message with parameters is interpolated each time, never remembered with old values.
    expect(translate('en', 'validation.lots_step', { step: '0.01' })).toContain('0.01');
    expect(translate('en', 'validation.lots_step', { step: '0.5' })).toContain('0.5');
  });
});
