import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDisplayName, hasInvisibleCharacters, normalizeDisplayName } from './display-name';

const LIMITS = { lengthMin: 2, lengthMax: 32 };

describe('normalizeDisplayName', () => {
  it.each([
    ['ETH\u200B RSI Range', 'zero-width space'],
    ['ETH  RSI Range', 'double space'],
    ['ETH\u00A0RSI Range', 'no-break space'],
    ['  ETH RSI Range\t', 'blanks at the ends'],
    ['ETH \u202ERSI\u202C Range', 'bidi override'],
    ['\u2066ETH RSI Range\u2069', 'bidi isolate'],
    ['ETH\u200D RSI\u2060 Range\uFEFF', 'joiners and the byte order mark'],
    ['ETH\u3000RSI\u2003Range', 'wide spaces'],
    ['ETH\u2800RSI Range', 'braille blank'],
    ['ＥＴＨ ＲＳＩ Ｒａｎｇｅ', 'full-width letters'],
    ['ETH RS\u00ADI Range', 'soft hyphen'],
    ['ETH\u3164 RSI Range', 'Hangul filler'],
  ])('makes %j the plain name (%s)', (name) => {
    expect(normalizeDisplayName(name)).toBe('ETH RSI Range');
  });

  it('keeps letters of every script and emoji, composed (NFKC)', () => {
    expect(normalizeDisplayName('Zoe\u0308 Ødegård')).toBe('Zoë Ødegård');
    expect(normalizeDisplayName('陳大文')).toBe('陳大文');
    expect(normalizeDisplayName('ЕТН RSI Range')).toBe('ЕТН RSI Range');
    expect(normalizeDisplayName('🚀 Rocket')).toBe('🚀 Rocket');
    expect(normalizeDisplayName('ﬁnance')).toBe('finance');
  });

  it('composes letters that an invisible character kept apart', () => {
    expect(normalizeDisplayName('e\u200B\u0301clair')).toBe('éclair');
  });

  it('is still: normalizing a normalized name changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const once = normalizeDisplayName(name);
        expect(normalizeDisplayName(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        const once = normalizeDisplayName(name);
        expect(normalizeDisplayName(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves no invisible character, no double blank and no blank at an end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        const normalized = normalizeDisplayName(name);
        expect(normalized).not.toMatch(/[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/u);
        expect(normalized).not.toMatch(/\s\s|^\s|\s$/u);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkDisplayName', () => {
  it('answers the normalized name', () => {
    expect(checkDisplayName(' Gold\u200B  Digger ', LIMITS)).toEqual({ ok: true, value: 'Gold Digger' });
  });

  it('counts the length after normalizing: invisible characters do not make a name long enough', () => {
    expect(checkDisplayName('A\u200B\u200B', LIMITS)).toEqual({
      ok: false,
      reason: 'validation.trader_name_length',
      params: { min: '2', max: '32' },
    });
    expect(checkDisplayName('AB', LIMITS).ok).toBe(true);
  });

  it('refuses a name that NFKC makes longer than the limit', () => {
    const name = '\uFDFA'.repeat(2); // each becomes 18 characters
    expect(name.length).toBeLessThanOrEqual(LIMITS.lengthMax);
    expect(checkDisplayName(name, LIMITS).ok).toBe(false);
  });

  it('counts characters, not UTF-16 units, as the database does', () => {
    expect(checkDisplayName('🚀'.repeat(32), LIMITS).ok).toBe(true);
    expect(checkDisplayName('🚀'.repeat(33), LIMITS).ok).toBe(false);
  });
});

describe('hasInvisibleCharacters', () => {
  it('finds bidi controls, zero-width characters, the byte-order mark and soft hyphens', () => {
    for (const character of [
      '\u202e',
      '\u202d',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\ufeff',
      '\u00ad',
      '\u3164',
    ]) {
      expect(
        hasInvisibleCharacters(`Mei${character}Chan`),
        `U+${character.codePointAt(0)?.toString(16)}`,
      ).toBe(true);
    }
  });

  it('passes names of every script as they are', () => {
    for (const name of ['Mei Chan', '陳美玲', 'محمد', 'Zoë Müller', 'Nguyễn Văn An', "O'Brien-Smith"]) {
      expect(hasInvisibleCharacters(name), name).toBe(false);
    }
  });
});
