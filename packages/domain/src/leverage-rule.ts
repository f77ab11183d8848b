import { readDecimal } from './decimal-text';
import type { MarginMode } from './margin';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * The leverage (the spec's multiple) of an order (spec section 5). A fixed-margin instrument takes
 * no leverage: whatever is sent is ignored and the answer is null. A leveraged instrument must offer
 * leverage options (HasForexMultiple), otherwise no order can be placed ("no multiplier configured,
 * order cannot be placed for now"), and the chosen value must be one of them.
 */
export type LeverageRefusal = 'validation.leverage_not_configured' | 'validation.leverage_not_offered';

export function checkLeverage(
  marginMode: MarginMode,
  offered: readonly number[],
  chosen: string | number | null | undefined,
): RuleResult<number | null, LeverageRefusal> {
  if (marginMode === 'fixed') return accept(null);
  if (offered.length === 0) return refuse('validation.leverage_not_configured');
  const value = chosen === null || chosen === undefined ? undefined : readDecimal(chosen);
  const match = value === undefined ? undefined : offered.find((option) => value.eq(option));
  if (match === undefined) return refuse('validation.leverage_not_offered', { options: offered.join(', ') });
  return accept(match);
}
