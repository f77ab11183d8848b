/**
 * Decimal strings as the server sends prices ("1.08523", "-0.12"), compared and signed without
 * turning them into binary floats (house rule: no float math on money).
 */
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

type Parts = { negative: boolean; integer: string; fraction: string };

function parts(text: string): Parts | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const integer = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const isZero = /^0*$/.test(integer) && fraction === '';
  return { negative: match[1] === '-' && !isZero, integer, fraction };
}

function compareMagnitude(a: Parts, b: Parts): number {
  if (a.integer.length !== b.integer.length) return a.integer.length < b.integer.length ? -1 : 1;
  if (a.integer !== b.integer) return a.integer < b.integer ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const left = a.fraction.padEnd(width, '0');
  const right = b.fraction.padEnd(width, '0');
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** -1, 0 or 1 as a is below, equal to or above b; null when either is not a decimal. */
export function compareDecimalText(a: string, b: string): -1 | 0 | 1 | null {
  const left = parts(a);
  const right = parts(b);
  if (!left || !right) return null;
  if (left.negative !== right.negative) return left.negative ? -1 : 1;
  const magnitude = compareMagnitude(left, right);
  const signed = left.negative ? -magnitude : magnitude;
  return signed === 0 ? 0 : signed < 0 ? -1 : 1;
}

/** The sign of a decimal string: -1, 0 or 1 (0 also for text that is not a decimal). */
export function signOfDecimalText(text: string): -1 | 0 | 1 {
  return compareDecimalText(text, '0') ?? 0;
}
