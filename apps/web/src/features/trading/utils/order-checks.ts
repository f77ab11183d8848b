import { marginModeOf } from '@meridian/domain/margin';
import { checkOrder } from '@meridian/domain/order-check';
import type { Refused } from '@meridian/domain/rule-result';
import type { Lots, Price } from '@meridian/domain/trade-values';
import { ltr } from '../../../lib/bidi';
import { formatPriceText } from '../../../lib/price-format';
import type { Issue, OrderDraft, OrderPricing, OrderTerms } from './order-draft';

/**
 * The domain's refusal as the web app's message: the server and the client check the same rules
 * (packages/domain), so the customer reads the same sentence before sending as the server would
 * answer. The web keeps those sentences under `orderRules`.
 */
export function issueOf(refusal: Refused<string>): Issue {
  const params = { ...refusal.params };
  // A number in a message reads like the numbers on screen: prices grouped, and left to right
  // in a right-to-left sentence. The price band's ends are prices; other rules' ends are lots.
  const prices = refusal.reason === 'validation.price_out_of_band' ? ['price', 'min', 'max'] : ['price'];
  for (const name of ['price', 'min', 'max', 'step', 'places', 'options'])
    if (params[name] !== undefined)
      params[name] = ltr(prices.includes(name) ? formatPriceText(params[name]) : params[name]);
  return { key: `orderRules.${refusal.reason.replace(/^validation\./, '')}`, params };
}

/** The issues of a draft by field; a field without an issue is absent. */
export type DraftIssues = Partial<Record<'lots' | 'leverage' | 'target' | 'stopLoss' | 'takeProfit', Issue>>;

export type CheckedDraft = {
  issues: DraftIssues;
  lots: Lots | null;
  /** null on a fixed-margin instrument (no leverage) or when the choice is refused. */
  leverage: number | null;
  /** The price it opens at: the side of the quote for a market order, the target for a pending one. */
  opensAt: Price | null;
};

/**
 * Checks a draft against the rules the server applies, in its order (the domain's `checkOrder`), at
 * the live quote. An empty target is only reported when `complete` is asked (on submit), so the
 * form does not scold the customer before they have typed. Each stop shows its own message, so both
 * fields can show theirs at once.
 */
export function checkDraft(
  draft: OrderDraft,
  terms: OrderTerms,
  pricing: OrderPricing,
  { complete }: { complete: boolean },
): CheckedDraft {
  const check = checkOrder({
    side: draft.side,
    entry: draft.entry,
    marginMode: marginModeOf(terms.MarginMode),
    leverages: terms.HasForexMultiple.map((option) => option.Value),
    leverage: draft.leverage,
    lots: draft.lots,
    lotsLimits: { minLots: terms.ForexMinCont, maxLots: terms.ForexMaxCont, pip: terms.Pip },
    target: draft.target.trim(),
    stopLoss: draft.stopLoss,
    takeProfit: draft.takeProfit,
    quote: pricing.quote,
    pricePrecision: terms.PricePrecision,
  });
  const issues: DraftIssues = {};
  if (!check.leverage.ok) issues.leverage = issueOf(check.leverage);
  if (!check.lots.ok) issues.lots = issueOf(check.lots);
  const target = check.target;
  if (target && !target.ok && (complete || target.reason !== 'validation.target_required'))
    issues.target = issueOf(target);
  if (check.stops && !check.stops.stopLoss.ok) issues.stopLoss = issueOf(check.stops.stopLoss);
  if (check.stops && !check.stops.takeProfit.ok) issues.takeProfit = issueOf(check.stops.takeProfit);
  return {
    issues,
    lots: check.lots.ok ? check.lots.value : null,
    leverage: check.leverage.ok ? check.leverage.value : null,
    opensAt: check.opensAt,
  };
}

/** The first issue in the order a customer fixes them, for the toast of a refused submit. */
export function firstIssue(issues: DraftIssues): Issue | undefined {
  return issues.leverage ?? issues.lots ?? issues.target ?? issues.stopLoss ?? issues.takeProfit;
}
