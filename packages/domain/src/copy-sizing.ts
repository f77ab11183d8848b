import { type TradeFeeType, tradeFee } from './fee';
import { checkLots, type LotsLimits } from './lots-rule';
import { type MarginInput, marginRequired } from './margin';
import { type DecimalValue, toDecimal } from './money';
import { divide } from './rounding';
import { accept, type RuleResult, refuse } from './rule-result';
import { asLots, type Lots, type Money, moneyOf } from './trade-values';

/**
 * The follower's lots for a copy of a trader's order, and whether the
 * follower can pay for it. Decisions (docs/decisions.md, "Copy trading: sizing"):
 * - ratio mode: exact lots = trader lots x ratio;
 * - amount mode: exact lots = trader lots x follower amount / trader equity, the trader's net value
 *   just before the order opened. The copy then puts the same share of the amount at stake as the
 *   trader puts of their equity, so the follower's result relative to the amount follows the
 *   trader's profit rate (trader-statistics.ts). The amount is a scale and the copy stop-loss's
 *   base, not money set aside: the copy is paid from the follower's available balance.
 * - The exact lots are rounded down (floor) to a whole number of Pip steps, in one division:
 *   steps = floor(trader lots x ratio / pip), or floor(trader lots x amount / (equity x pip)). A copy
 *   is never bigger than asked.
 * - Above the instrument's maximum, the copy is cut to the largest step at or below the maximum
 *   (`cappedAtMaximum`), so the follower stays in the trade with the largest order allowed.
 * - Skipped, with the reason key the server records, when the rounded lots are below the
 *   instrument's minimum (`copy.skip_below_min`, zero lots included), or when margin + fee is above
 *   the follower's available balance (`copy.skip_insufficient_balance`; exactly equal is paid).
 * - Margin and fee are those of any order (margin.ts, fee.ts): the copy opens at the follower's own
 *   fill price with the trader's leverage.
 */
export type CopyMode =
  | { kind: 'ratio'; ratio: string }
  | { kind: 'amount'; amount: Money; traderEquity: Money };

type WithoutLots<Input> = Input extends unknown ? Omit<Input, 'lots'> : never;

/** What a copy of `lots` costs: the margin terms of margin.ts without the lots, and the fee terms. */
export type CopyCostTerms = { margin: WithoutLots<MarginInput>; feeType: TradeFeeType; feeRate: string };

export type CopySizingInput = {
  traderLots: Lots;
  mode: CopyMode;
  limits: LotsLimits;
  cost: CopyCostTerms;
  /** The follower's available balance (the ledger's balance bucket). */
  availableBalance: Money;
};

export type CopySize = { lots: Lots; margin: Money; fee: Money; cappedAtMaximum: boolean };

export type CopySkipReason = 'copy.skip_below_min' | 'copy.skip_insufficient_balance';

function positive(value: string, what: string): DecimalValue {
  const decimal = toDecimal(value);
  if (!decimal.gt(0)) throw new Error(`${what} must be positive, got ${value}`);
  return decimal;
}

/** The exact scaled lots, rounded down to a whole number of `pip` steps (not yet limited). */
export function copyLotsRoundedDown(traderLots: Lots, mode: CopyMode, pip: string): Lots {
  const step = positive(pip, "an instrument's Pip");
  const lots = positive(traderLots, "a trader order's lots");
  const steps =
    mode.kind === 'ratio'
      ? divide(lots.times(positive(mode.ratio, 'a copy ratio')), step, 0, 'floor')
      : divide(
          lots.times(positive(mode.amount, 'a copy amount')),
          positive(mode.traderEquity, "a trader's equity").times(step),
          0,
          'floor',
        );
  return asLots(steps.times(step).toFixed());
}

/** The largest whole number of steps at or below the maximum. */
function maximumOnStep(limits: LotsLimits): DecimalValue {
  const step = toDecimal(limits.pip);
  return divide(toDecimal(limits.maxLots), step, 0, 'floor').times(step);
}

export function sizeCopyOrder(input: CopySizingInput): RuleResult<CopySize, CopySkipReason> {
  const { limits, cost } = input;
  const rounded = toDecimal(copyLotsRoundedDown(input.traderLots, input.mode, limits.pip));
  const maximum = maximumOnStep(limits);
  const cappedAtMaximum = rounded.gt(maximum);
  // The order rule checks the result again (STYLE.md: check money twice): only a lots count below
  // the minimum may be refused here; any other refusal is a programmer error.
  const checked = checkLots((cappedAtMaximum ? maximum : rounded).toFixed(), limits);
  if (!checked.ok) {
    if (checked.reason === 'validation.lots_positive' || checked.reason === 'validation.lots_below_minimum')
      return refuse('copy.skip_below_min', { min: limits.minLots, lots: rounded.toFixed() });
    throw new Error(`a sized copy broke the lots rule: ${checked.reason} ${JSON.stringify(limits)}`);
  }
  const lots = checked.value;
  const margin = marginRequired({ ...cost.margin, lots });
  const fee = tradeFee({ feeType: cost.feeType, feeRate: cost.feeRate, lots, margin });
  const required = toDecimal(margin).plus(toDecimal(fee));
  if (required.gt(toDecimal(input.availableBalance)))
    return refuse('copy.skip_insufficient_balance', {
      required: moneyOf(required),
      available: input.availableBalance,
    });
  return accept({ lots, margin, fee, cappedAtMaximum });
}
