import type Decimal from 'decimal.js';
import { type DecimalInput, DecimalMoney, type DecimalValue, toDecimal } from './money';

/**
 * STYLE.md: every division names its rounding. `divide` is the one place a formula divides: the
 * quotient is taken at DecimalMoney's 40 significant digits and then rounded once, at the places and
 * in the direction the rule names.
 *
 * Why 40 digits are enough to make that single rounding exact: rounding the 40-digit quotient can
 * only differ from rounding the true quotient if the true one sits within 10^-40 (relative) of a
 * rounding boundary without being on it, i.e. its expansion holds a run of more than 30 nines or
 * zeros. A fraction n/d repeats with a period below d and cannot hold such a run unless d > 10^30;
 * our divisors (leverage x a conversion price, a margin total scaled to integers) stay far below.
 */
export type Rounding = 'halfUp' | 'floor' | 'ceil' | 'towardZero';

function decimalRounding(rounding: Rounding): Decimal.Rounding {
  switch (rounding) {
    case 'halfUp':
      return DecimalMoney.ROUND_HALF_UP;
    case 'floor':
      return DecimalMoney.ROUND_FLOOR;
    case 'ceil':
      return DecimalMoney.ROUND_CEIL;
    case 'towardZero':
      return DecimalMoney.ROUND_DOWN;
    default: {
      const unknown: never = rounding;
      throw new Error(`unknown rounding ${String(unknown)}`);
    }
  }
}

export function roundTo(value: DecimalInput, places: number, rounding: Rounding): DecimalValue {
  return toDecimal(value).toDecimalPlaces(places, decimalRounding(rounding));
}

export function divide(
  numerator: DecimalInput,
  denominator: DecimalInput,
  places: number,
  rounding: Rounding,
): DecimalValue {
  const divisor = toDecimal(denominator);
  if (divisor.isZero()) throw new Error('division by zero');
  return roundTo(toDecimal(numerator).div(divisor), places, rounding);
}
