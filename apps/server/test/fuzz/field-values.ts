/** A JSON number written exactly as given (1e400, -0, 30 digits): JSON.stringify cannot write these. */
export class RawNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * A value that depends on who sends the request, resolved just before it is sent: the caller's own
 * n-th order or follow, or a price, leverage or lot size of the request's instrument.
 */
export class Ref {
  constructor(
    readonly kind: 'ownOrder' | 'ownFollow' | 'ownUpload' | 'price' | 'leverage' | 'lots',
    readonly pick: number,
    /** Spoils the resolved value's text (a control character put inside). */
    readonly decorate?: (text: string) => string,
  ) {}
}

export type Value = string | number | boolean | null | RawNumber | Ref | Value[] | { [key: string]: Value };

/** A field left out of the request. */
export const OMIT = Symbol('omit');
export type Slot = Value | typeof OMIT;

/** Numbers as text: the extremes that once broke the server (too large for a double, a column, an index key). */
export const EXTREME_NUMBER_TEXTS = [
  '1e308',
  '-1e308',
  '1e22',
  '1000000000000000',
  '123456789012345678901234567890',
  '9007199254740993',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
] as const;

/** Numbers as text that number parsers disagree on. */
export const ODD_NUMBER_TEXTS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-123456789012345678901234567890',
  '0.123456789012345678901234567890',
  '-9007199254740993',
  '99999999999999999999.99999999',
  '0.0',
  '00',
  '1E+5',
  '1e-7',
  '2e2',
  '0x10',
  '0b1',
  '1_000',
  ' 1 ',
  '+1',
  '.5',
  '5.',
  '1.2.3',
  '1,5',
  '-1',
  '-0.00001',
  '1e',
  '--1',
  '\u0661\u0662\u0663',
  '\uff11\uff12\uff13',
] as const;

/** Numbers as JSON numbers, some written raw (a JSON text may hold what a double cannot). */
export const HOSTILE_NUMBERS: Value[] = [
  1e308,
  -1e308,
  1e22,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  0,
  1.5,
  -1,
  1e15,
  new RawNumber('-0'),
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('1E308'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('0.1e-400'),
  new RawNumber('-0.0'),
];

/** NUL, unit separator, DEL, NEL, right-to-left override, zero-width space, BOM, a lone surrogate, CR LF, LS. */
export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\r\n',
  '\u2028',
] as const;

/** Structures where a scalar is expected (and the reverse). */
export const WRONG_TYPES: Value[] = [
  true,
  false,
  null,
  [],
  [1],
  ['a', 'b'],
  {},
  { a: 1 },
  { $gt: '' },
  [[[]]],
  { toString: 'x', valueOf: 1 },
];

export function textOf(value: Value): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawNumber) return value.text;
  return JSON.stringify(value) ?? '';
}
