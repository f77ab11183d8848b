import { toDecimal } from './money';
import { accept, type RuleResult, refuse } from './rule-result';
import { asMoney, type Money } from './trade-values';

/**
 * The settings of a follow, checked when a follow is made or changed.
 * Decisions (docs/decisions.md, "Copy trading: following"):
 * - the amount is required in both modes: it is the copy stop-loss's base, and in amount mode the
 *   scale of the copies (copy-sizing.ts);
 * - a ratio is required in ratio mode and ignored (stored as none) in amount mode;
 * - the copy stop-loss is 0 (none) to 100 % of the amount.
 * The text format (digits, at most 2 places) is checked by the wire schema; bounds here.
 */
export type FollowMode = 'ratio' | 'amount';

export type FollowSettingsInput = {
  mode: FollowMode;
  ratio: string | undefined;
  amount: string;
  stopLossPercent: string | undefined;
};

export type FollowSettingsLimits = {
  ratioMin: string;
  ratioMax: string;
  amountMin: string;
  amountMax: string;
};

export type FollowSettings = {
  mode: FollowMode;
  ratio: string | null;
  amount: Money;
  stopLossPercent: string;
};

export type FollowSettingsRefusal =
  | 'validation.copy_ratio_required'
  | 'validation.copy_ratio_range'
  | 'validation.copy_amount_range'
  | 'validation.copy_stop_loss_range';

export function checkFollowSettings(
  input: FollowSettingsInput,
  limits: FollowSettingsLimits,
): RuleResult<FollowSettings, FollowSettingsRefusal> {
  let ratio: string | null = null;
  if (input.mode === 'ratio') {
    if (input.ratio === undefined || input.ratio === '') return refuse('validation.copy_ratio_required');
    const value = toDecimal(input.ratio);
    if (value.lt(toDecimal(limits.ratioMin)) || value.gt(toDecimal(limits.ratioMax)))
      return refuse('validation.copy_ratio_range', { min: limits.ratioMin, max: limits.ratioMax });
    ratio = value.toFixed();
  }
  const amount = toDecimal(input.amount);
  if (amount.lt(toDecimal(limits.amountMin)) || amount.gt(toDecimal(limits.amountMax)))
    return refuse('validation.copy_amount_range', { min: limits.amountMin, max: limits.amountMax });
  const percent = toDecimal(
    input.stopLossPercent === undefined || input.stopLossPercent === '' ? '0' : input.stopLossPercent,
  );
  if (percent.isNegative() || percent.gt(100)) return refuse('validation.copy_stop_loss_range');
  return accept({
    mode: input.mode,
    ratio,
    amount: asMoney(amount.toFixed()),
    stopLossPercent: percent.toFixed(),
  });
}
