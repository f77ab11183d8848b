import type { Language } from '@meridian/contract/languages';
import { numberSymbols } from './number-format';

/** Arabic-Indic (U+0660) and Persian (U+06F0) digits, as an Arabic keyboard may type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const ARABIC_DECIMAL = '\u066b';
const ARABIC_GROUP = '\u066c';

/**
 * What a price, lots or amount box keeps of a keystroke: Latin digits and one decimal point, the
 * text the server is sent. A comma is read as the point, since many phone keypads (German, French,
 * Russian...) offer only a comma. When both a point and a comma are typed, the last one is the
 * decimal mark and the other groups thousands ("1.234,5" and "1,234.5" are both 1234.5). Arabic
 * digits and the Arabic decimal mark are read as the Latin ones.
 */
export function decimalInputText(raw: string): string {
  let text = raw
    .replace(EASTERN_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % (0x06f0 - 0x0660)))
    .replaceAll(ARABIC_DECIMAL, '.')
    .replaceAll(ARABIC_GROUP, '');
  if (text.includes('.') && text.includes(',')) {
    // A mark typed last, after the box already holds a point, is a keystroke on a number already
    // read ("1.5" then ","), not a pasted "1.234,5": it is dropped, as a second point is.
    if (/[.,]$/.test(text)) text = text.slice(0, -1);
    else text = text.replaceAll(text.lastIndexOf('.') > text.lastIndexOf(',') ? ',' : '.', '');
  }
  text = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text;
  return `${text.slice(0, point + 1)}${text.slice(point + 1).replace(/\./g, '')}`;
}

/**
 * What the box shows of the decimal text it holds: the language's decimal mark in place of the
 * point (de "1,5"), without groups, so each keystroke stays where it was typed. Read back by
 * `decimalInputText`, which sends the point again.
 */
export function decimalInputShown(text: string, language?: Language): string {
  return text.replace('.', numberSymbols(language).decimal);
}
