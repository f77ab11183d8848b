import { closePrice, openPrice } from '@meridian/domain/fill-price';
import { checkLeverage } from '@meridian/domain/leverage-rule';
import { checkLots } from '@meridian/domain/lots-rule';
import { marginModeOf } from '@meridian/domain/margin';
import { checkPendingTarget } from '@meridian/domain/pending-target-rule';
import type { Refused } from '@meridian/domain/rule-result';
import { checkStops } from '@meridian/domain/stop-rule';
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

const TARGET_REQUIRED: Issue = { key: 'orderRules.target_required', params: {} };

/**
 * Checks a draft against the rules the server applies (packages/domain), at the live quote. An
 * empty target is only reported when `complete` is asked (on submit), so the form does not scold
 * the customer before they have typed.
 */
export function checkDraft(
  draft: OrderDraft,
  terms: OrderTerms,
  pricing: OrderPricing,
  { complete }: { complete: boolean },
): CheckedDraft {
  const issues: DraftIssues = {};
  const mode = marginModeOf(terms.MarginMode);
  const offered = terms.HasForexMultiple.map((option) => option.Value);
  const leverage = checkLeverage(mode, offered, draft.leverage);
  if (!leverage.ok) issues.leverage = issueOf(leverage);
  const lots = checkLots(draft.lots, {
    minLots: terms.ForexMinCont,
    maxLots: terms.ForexMaxCont,
    pip: terms.Pip,
  });
  if (!lots.ok) issues.lots = issueOf(lots);

  let opensAt: Price | null = null;
  const quote = pricing.quote;
  if (draft.entry === 'market') {
    opensAt = quote ? openPrice(draft.side, quote) : null;
  } else if (draft.target.trim() === '') {
    if (complete) issues.target = TARGET_REQUIRED;
  } else if (quote) {
    const target = checkPendingTarget({
      side: draft.side,
      target: draft.target,
      quote,
      pricePrecision: terms.PricePrecision,
    });
    if (target.ok) opensAt = target.value;
    else issues.target = issueOf({ ...target, params: { field: 'target_price', ...target.params } });
  }

  if (opensAt && quote) Object.assign(issues, checkStopFields(draft, terms, opensAt, pricing));
  return {
    issues,
    lots: lots.ok ? lots.value : null,
    leverage: leverage.ok ? leverage.value : null,
    opensAt,
  };
}

/**
 * Each stop checked on its own (the rule stops at the first refusal), so both fields can show
 * their message at once. A market order's stops must also clear the price it would close at now.
 */
function checkStopFields(
  draft: OrderDraft,
  terms: OrderTerms,
  opensAt: Price,
  pricing: OrderPricing,
): DraftIssues {
  const currentPrice =
    draft.entry === 'market' && pricing.quote ? closePrice(draft.side, pricing.quote) : null;
  const base = { side: draft.side, openPrice: opensAt, currentPrice, pricePrecision: terms.PricePrecision };
  const issues: DraftIssues = {};
  const stopLoss = checkStops({ ...base, stopLoss: draft.stopLoss, takeProfit: '' });
  if (!stopLoss.ok) issues.stopLoss = issueOf(stopLoss);
  const takeProfit = checkStops({ ...base, stopLoss: '', takeProfit: draft.takeProfit });
  if (!takeProfit.ok) issues.takeProfit = issueOf(takeProfit);
  return issues;
}

/** The first issue in the order a customer fixes them, for the toast of a refused submit. */
export function firstIssue(issues: DraftIssues): Issue | undefined {
  return issues.leverage ?? issues.lots ?? issues.target ?? issues.stopLoss ?? issues.takeProfit;
}
