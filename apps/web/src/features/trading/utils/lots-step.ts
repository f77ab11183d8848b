import { readDecimal } from '@meridian/domain/decimal-text';
import { toDecimal } from '@meridian/domain/money';

type LotsLimits = { pip: string; min: string; max: string };

/**
 * One press of the lots buttons: one Pip (the lot step) up or down, in decimal (0.07 + 0.01 is
 * exactly 0.08), kept within the instrument's minimum and maximum. Text that is not a number
 * starts again from the minimum.
 */
export function stepLots(lots: string, direction: 1 | -1, { pip, min, max }: LotsLimits): string {
  const current = readDecimal(lots);
  if (current === undefined) return min;
  const next = current.plus(toDecimal(pip).times(direction));
  if (next.lt(toDecimal(min))) return min;
  if (next.gt(toDecimal(max))) return max;
  return next.toFixed();
}

/** Spec section 5: the decrement is disabled at or below the Pip step (and at the minimum). */
export function canDecreaseLots(lots: string, { pip, min }: Pick<LotsLimits, 'pip' | 'min'>): boolean {
  const current = readDecimal(lots);
  if (current === undefined) return false;
  return current.gt(toDecimal(pip)) && current.gt(toDecimal(min));
}

export function canIncreaseLots(lots: string, { max }: Pick<LotsLimits, 'max'>): boolean {
  const current = readDecimal(lots);
  return current === undefined || current.lt(toDecimal(max));
}
