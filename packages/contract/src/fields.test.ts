import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cacheBuster,
  email,
  exactText,
  ID_MAX,
  multilineText,
  password,
  patternText,
  positiveId,
  requiredText,
  text,
  textOrNumber,
  verificationCode,
  withoutControlCharacters,
} from './fields';

const CONTROL_KEY = 'validation.control_character';

/** One of each kind of character a text field refuses: C0, DEL, C1, separators, a lone surrogate. */
const REFUSED_EVERYWHERE = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
];
/** Line breaks and tabs: refused in one line, kept in several. */
const LINE_BREAKS = ['\n', '\r', '\t', '\u000b', '\u000c'];
const MULTILINE_KEEPS = ['\n', '\r', '\t'];

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const SINGLE_LINE_BLOCKS: [string, z.ZodType][] = [
  ['text', text()],
  ['requiredText', requiredText()],
  ['exactText', exactText(100)],
  ['patternText', patternText(/^.+$/su)],
  ['textOrNumber', textOrNumber()],
  ['cacheBuster', cacheBuster],
];

describe('single-line blocks', () => {
  it.each(SINGLE_LINE_BLOCKS)('%s refuses every control character inside the text', (_name, schema) => {
    for (const character of [...REFUSED_EVERYWHERE, ...LINE_BREAKS]) {
      expect(firstMessage(schema, `ab${character}cd`), JSON.stringify(character)).toBe(CONTROL_KEY);
    }
  });

  it.each(SINGLE_LINE_BLOCKS)('%s accepts ordinary text in any script, emoji included', (_name, schema) => {
    for (const value of ['Chan Tai Man', 'Zoë Ødegård', '陳大文', 'Мария', 'محمد', '🚀 to the moon']) {
      expect(schema.safeParse(value).success, value).toBe(true);
    }
  });

  it('trims around the text before it looks: a pasted line break at an end is not an error', () => {
    expect(text().parse('  EURUSD\n')).toBe('EURUSD');
    expect(requiredText().parse('\tName ')).toBe('Name');
    expect(firstMessage(text(), '\u0000EURUSD')).toBe(CONTROL_KEY);
  });

  it('takes exact text as sent, spaces included, and still refuses controls', () => {
    expect(exactText(10).parse(' a b ')).toBe(' a b ');
    expect(firstMessage(exactText(10), 'tok\u0000en')).toBe(CONTROL_KEY);
  });

  it('names the control character before any other problem of the field', () => {
    expect(firstMessage(text(5), 'abcdef\u0000')).toBe(CONTROL_KEY);
    expect(firstMessage(verificationCode(), '12345\u0000')).toBe(CONTROL_KEY);
    expect(firstMessage(patternText(/^[0-9]+$/, 'validation.code_format'), '1\u00002')).toBe(CONTROL_KEY);
  });

  it('keeps their other rules', () => {
    expect(firstMessage(requiredText(), '   ')).toBe('validation.required');
    expect(firstMessage(verificationCode(), '12345')).toBe('validation.code_format');
    expect(textOrNumber().parse(12.5)).toBe('12.5');
    expect(textOrNumber().parse(' 7 ')).toBe('7');
    expect(cacheBuster.parse(1_763_942_400_000)).toBe('1763942400000');
    expect(cacheBuster.parse(undefined)).toBeUndefined();
  });
});

describe('multi-line text', () => {
  const message = multilineText(2000);

  it('keeps line feeds, returns and tabs inside the text', () => {
    for (const character of MULTILINE_KEEPS) {
      expect(message.parse(`first${character}second`)).toBe(`first${character}second`);
    }
  });

  it('refuses every other control character', () => {
    for (const character of [...REFUSED_EVERYWHERE, '\u000b', '\u000c']) {
      expect(firstMessage(message, `first${character}second`), JSON.stringify(character)).toBe(CONTROL_KEY);
    }
  });
});

describe('identity blocks', () => {
  it('refuses controls in an e-mail address, a password and a code', () => {
    expect(firstMessage(email(), 'a\u0000@example.com')).toBe(CONTROL_KEY);
    expect(firstMessage(password(), 'Secret123\u0000')).toBe(CONTROL_KEY);
    expect(firstMessage(password(), 'Secret\t123')).toBe(CONTROL_KEY);
    expect(firstMessage(verificationCode(), '\u0000123456')).toBe(CONTROL_KEY);
  });

  it('still reads good ones', () => {
    expect(email().parse(' Mei@Example.com ')).toBe('mei@example.com');
    expect(password().parse('Secret123')).toBe('Secret123');
    expect(firstMessage(password(), 'Secret1')).toBe('validation.password_length');
    expect(verificationCode().parse(' 123456 ')).toBe('123456');
  });
});

describe('withoutControlCharacters (text kept without a schema)', () => {
  it('drops every control character and keeps the rest', () => {
    expect(withoutControlCharacters('Mozilla/5.0\u0000 (X11;\r\n Linux)\u0085')).toBe(
      'Mozilla/5.0 (X11; Linux)',
    );
    expect(withoutControlCharacters('Safari 🚀')).toBe('Safari 🚀');
  });
});

describe('ids', () => {
  it('stay within the integer columns they name, so a larger one is a refusal, not a failed query', () => {
    expect(positiveId().parse(String(ID_MAX))).toBe(ID_MAX);
    expect(positiveId().safeParse(ID_MAX + 1).success).toBe(false);
    expect(positiveId().safeParse('9007199254740993').success).toBe(false);
    expect(positiveId().safeParse(0).success).toBe(false);
  });
});

describe('ids are strict', () => {
  it('take a JSON number or a text of digits, nothing coerced from booleans, arrays or other texts', () => {
    expect(positiveId().parse(12)).toBe(12);
    expect(positiveId().parse('12')).toBe(12);
    expect(positiveId().parse(' 12 ')).toBe(12);
    for (const sent of [
      true,
      false,
      [5],
      [5, 5],
      {},
      { id: 5 },
      -1,
      1.5,
      '1e3',
      '0x10',
      '-1',
      '1.0',
      '',
      'abc',
      null,
    ]) {
      const result = positiveId().safeParse(sent);
      expect(result.success, JSON.stringify(sent)).toBe(false);
    }
    expect(firstMessage(positiveId(), true)).toBe('validation.invalid_id');
    expect(firstMessage(positiveId(), [5])).toBe('validation.invalid_id');
    expect(firstMessage(positiveId(), '1e3')).toBe('validation.invalid_id');
    expect(firstMessage(positiveId(), undefined)).toBe('validation.required');
  });
});
