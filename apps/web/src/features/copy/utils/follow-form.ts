import { FOLLOW_MODE, type Follow } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import { roundHalfUp, toDecimal } from '@meridian/domain/money';

export type FollowMode = keyof typeof FOLLOW_MODE;

/** What the follow form holds: the texts as typed. */
export type FollowDraft = {
  mode: FollowMode;
  ratio: string;
  amount: string;
  stopLossPercent: string;
};

/** The fields of POST /api/follow/follow and /update besides the trader or follow id. */
export type FollowFields = {
  mode: 1 | 2;
  /** Sent in ratio mode only (the server ignores it in amount mode). */
  ratio?: string;
  amount: string;
  stop_loss_percent: string;
};

/** A rule a field breaks: a translation key and its values. */
export type FieldIssue = { key: string; params?: Record<string, string> };
export type FollowIssues = Partial<Record<'ratio' | 'amount' | 'stopLossPercent', FieldIssue>>;

/** The wire's number format (contract copy.ts): digits with at most 2 decimal places. */
const DECIMAL_TEXT = new RegExp(`^\\d+(\\.\\d{1,${LIMITS.copyDecimalPlacesMax}})?$`);
const STOP_LOSS_PERCENT_MAX = '100';

/** A new follow starts in amount mode with a ratio of 1 ready, and no copy stop-loss. */
export const NEW_FOLLOW_DRAFT: FollowDraft = { mode: 'amount', ratio: '1', amount: '', stopLossPercent: '' };

/** The form filled with a follow's settings, to change them. */
export function draftOfFollow(follow: Follow): FollowDraft {
  const stopLoss = toDecimal(follow.stop_loss_percent);
  return {
    mode: follow.mode === FOLLOW_MODE.ratio ? 'ratio' : 'amount',
    ratio: follow.ratio ?? '1',
    amount: toDecimal(follow.amount).toFixed(),
    stopLossPercent: stopLoss.isZero() ? '' : stopLoss.toFixed(),
  };
}

function checkNumber(text: string, min: string, max: string, rangeKey: string): FieldIssue | undefined {
  if (!DECIMAL_TEXT.test(text) || text.length > LIMITS.tradeNumberTextLengthMax) {
    return { key: 'copy.form.numberFormat', params: { places: String(LIMITS.copyDecimalPlacesMax) } };
  }
  const value = toDecimal(text);
  if (value.lt(toDecimal(min)) || value.gt(toDecimal(max))) return { key: rangeKey, params: { min, max } };
  return undefined;
}

/**
 * The rules the server applies to a follow's settings (packages/domain follow-settings and the
 * contract's format), checked as the customer types so a refusal never needs a round trip: the
 * amount is required in both modes (the copy stop-loss's base, and in amount mode the scale), a
 * ratio in ratio mode, and a copy stop-loss from 0 (none) to 100 % of the amount.
 */
export function checkFollowDraft(draft: FollowDraft): FollowIssues {
  const issues: FollowIssues = {};
  const amount = draft.amount.trim();
  if (amount === '') issues.amount = { key: 'copy.form.amountRequired' };
  else {
    const issue = checkNumber(amount, LIMITS.copyAmountMin, LIMITS.copyAmountMax, 'copy.form.amountRange');
    if (issue) issues.amount = issue;
  }
  if (draft.mode === 'ratio') {
    const ratio = draft.ratio.trim();
    if (ratio === '') issues.ratio = { key: 'copy.form.ratioRequired' };
    else {
      const issue = checkNumber(ratio, LIMITS.copyRatioMin, LIMITS.copyRatioMax, 'copy.form.ratioRange');
      if (issue) issues.ratio = issue;
    }
  }
  const stopLoss = draft.stopLossPercent.trim();
  if (stopLoss !== '') {
    const issue = checkNumber(stopLoss, '0', STOP_LOSS_PERCENT_MAX, 'copy.form.stopLossRange');
    if (issue) issues.stopLossPercent = issue;
  }
  return issues;
}

export function hasIssues(issues: FollowIssues): boolean {
  return Object.keys(issues).length > 0;
}

/** The request fields of a checked draft: an empty copy stop-loss is sent as 0 (none). */
export function followFieldsOf(draft: FollowDraft): FollowFields {
  const stopLoss = draft.stopLossPercent.trim();
  const fields: FollowFields = {
    mode: FOLLOW_MODE[draft.mode],
    amount: draft.amount.trim(),
    stop_loss_percent: stopLoss === '' ? '0' : stopLoss,
  };
  if (draft.mode === 'ratio') fields.ratio = draft.ratio.trim();
  return fields;
}

/**
 * The loss at which the copy stop-loss stops copying: amount x percent / 100, rounded half up to
 * cents (a preview only; the server compares the exact figures). Null without a valid amount and a
 * stop-loss above 0.
 */
export function copyStopLossAmount(draft: Pick<FollowDraft, 'amount' | 'stopLossPercent'>): string | null {
  const amount = draft.amount.trim();
  const percent = draft.stopLossPercent.trim();
  if (!DECIMAL_TEXT.test(amount) || !DECIMAL_TEXT.test(percent)) return null;
  if (toDecimal(percent).isZero()) return null;
  return roundHalfUp(toDecimal(amount).times(percent).dividedBy(100), 2);
}
