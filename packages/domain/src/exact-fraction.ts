/**
 * Exact fractions of BigInts: an oracle independent of decimal.js, used by the tests to check money
 * twice (STYLE.md) — every formula's single rounding is compared with the rounding of the exact
 * rational result. Not used by the product itself.
 */
export type Fraction = { numerator: bigint; denominator: bigint };

export function fractionOf(text: string): Fraction {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a plain decimal: ${text}`);
  const fraction = match[3] ?? '';
  const digits = BigInt((match[2] ?? '0') + fraction);
  return { numerator: match[1] === '-' ? -digits : digits, denominator: 10n ** BigInt(fraction.length) };
}

export function times(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

export function over(a: Fraction, b: Fraction): Fraction {
  if (b.numerator === 0n) throw new Error('division by zero');
  const sign = b.numerator < 0n ? -1n : 1n;
  return { numerator: a.numerator * b.denominator * sign, denominator: a.denominator * b.numerator * sign };
}

export function minus(a: Fraction, b: Fraction): Fraction {
  return {
    numerator: a.numerator * b.denominator - b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  };
}

/** Rounds half away from zero to `places` and writes the result with exactly that many places. */
export function roundHalfUpText(value: Fraction, places: number): string {
  const scaled = value.numerator * 10n ** BigInt(places);
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  let quotient = magnitude / value.denominator;
  if ((magnitude % value.denominator) * 2n >= value.denominator) quotient += 1n;
  const digits = quotient.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative && quotient !== 0n ? `-${text}` : text;
}

/** Rounds toward negative infinity to `places`, written with exactly that many places. */
export function roundFloorText(value: Fraction, places: number): string {
  const scaled = value.numerator * 10n ** BigInt(places);
  let quotient = scaled / value.denominator;
  if (scaled % value.denominator !== 0n && scaled < 0n) quotient -= 1n;
  const negative = quotient < 0n;
  const digits = (negative ? -quotient : quotient).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}
