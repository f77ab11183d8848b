import { readDecimal } from './decimal-text';
import { toDecimal } from './money';
import { accept, type RuleResult, refuse } from './rule-result';
import { asLots, type Lots } from './trade-values';

/**
 * Lots an order may have (spec section 5, ARCHITECTURE.md "Trading rules"): a number, above zero,
 * at least the instrument's ForexMinCont, at most its maximum, and a whole multiple of its Pip (the
 * lot step), counted from zero. Checked in that order, so the customer hears the first thing to fix.
 * A minimum that is itself off the step is a catalogue fault; such a minimum is refused like any
 * other value off the step.
 */
export type LotsLimits = { minLots: string; maxLots: string; pip: string };

export type LotsRefusal =
  | 'validation.lots_invalid'
  | 'validation.lots_positive'
  | 'validation.lots_below_minimum'
  | 'validation.lots_above_maximum'
  | 'validation.lots_step';

export function checkLots(input: string | number, limits: LotsLimits): RuleResult<Lots, LotsRefusal> {
  const lots = readDecimal(input);
  if (lots === undefined) return refuse('validation.lots_invalid');
  if (lots.lte(0)) return refuse('validation.lots_positive');
  const minimum = toDecimal(limits.minLots);
  const maximum = toDecimal(limits.maxLots);
  const step = toDecimal(limits.pip);
  if (!step.gt(0)) throw new Error(`an instrument's Pip must be positive, got ${limits.pip}`);
  if (lots.lt(minimum)) return refuse('validation.lots_below_minimum', { min: limits.minLots });
  if (lots.gt(maximum)) return refuse('validation.lots_above_maximum', { max: limits.maxLots });
  // Decimal modulo is exact: 0.07 mod 0.01 is 0, unlike with binary floats.
  if (!lots.mod(step).isZero()) return refuse('validation.lots_step', { step: limits.pip });
  return accept(asLots(lots.toFixed()));
}
