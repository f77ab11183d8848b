import { readDecimal } from '@meridian/domain/decimal-text';
import { tradeFee, tradeFeeTypeOf } from '@meridian/domain/fee';
import { type MarginInput, marginModeOf, marginRequired } from '@meridian/domain/margin';
import { toDecimal } from '@meridian/domain/money';
import { openingCost } from '@meridian/domain/settlement';
import type { Money } from '@meridian/domain/trade-values';
import type { CheckedDraft } from './order-checks';
import type { OrderPricing, OrderTerms } from './order-draft';

/**
 * The order's cost before it is sent, by the same formulas the server charges with
 * (packages/domain): margin, fee, and what the balance must cover (margin + fee). A figure is null
 * while something it needs is missing or refused (lots, leverage, price, conversion, fee rule).
 */
export type OrderPreview = {
  margin: Money | null;
  fee: Money | null;
  required: Money | null;
  /** The available balance; null while unknown (loading, or a visitor). */
  available: string | null;
  /** The balance is known and below what the order needs. */
  insufficient: boolean;
};

export type PreviewInput = {
  checked: CheckedDraft;
  terms: OrderTerms;
  pricing: OrderPricing;
  /** Base setting trade_fee_type (spec section 9); undefined until the settings arrive. */
  feeType: number | undefined;
  balance: string | undefined;
};

function marginInput(input: PreviewInput): MarginInput | null {
  const { checked, terms, pricing } = input;
  if (!checked.lots) return null;
  if (marginModeOf(terms.MarginMode) === 'fixed')
    return { mode: 'fixed', lots: checked.lots, unitsPerLot: terms.ForexContNum };
  if (checked.leverage === null || !checked.opensAt || !pricing.conversion) return null;
  return {
    mode: 'leveraged',
    lots: checked.lots,
    unitsPerLot: terms.ForexContNum,
    price: checked.opensAt,
    leverage: checked.leverage,
    quoteToAccountRate: pricing.conversion,
  };
}

export function previewOrder(input: PreviewInput): OrderPreview {
  const inputOfMargin = marginInput(input);
  const margin = inputOfMargin ? marginRequired(inputOfMargin) : null;
  const lots = input.checked.lots;
  const fee =
    margin && lots && input.feeType !== undefined
      ? tradeFee({
          feeType: tradeFeeTypeOf(input.feeType),
          feeRate: input.terms.ForexFeeRate,
          lots,
          margin,
        })
      : null;
  const required = margin && fee ? openingCost(margin, fee) : null;
  const balance = input.balance !== undefined ? readDecimal(input.balance) : undefined;
  return {
    margin,
    fee,
    required,
    available: balance ? (input.balance ?? null) : null,
    insufficient: required !== null && balance?.lt(toDecimal(required)) === true,
  };
}
