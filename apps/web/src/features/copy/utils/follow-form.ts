import { FOLLOW_MODE, type Follow } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import {
  checkFollowSettings,
  type FollowSettingsInput,
  type FollowSettingsLimits,
} from '@meridian/domain/follow-settings';
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

/** The limits the server checks a follow against (packages/contract LIMITS). */
const FOLLOW_LIMITS: FollowSettingsLimits = {
  ratioMin: LIMITS.copyRatioMin,
  ratioMax: LIMITS.copyRatioMax,
  amountMin: LIMITS.copyAmountMin,
  amountMax: LIMITS.copyAmountMax,
};

/** The wire's format first (contract copy.ts): digits with at most 2 places. */
function formatIssue(text: string): FieldIssue | undefined {
  if (DECIMAL_TEXT.test(text) && text.length <= LIMITS.tradeNumberTextLengthMax) return undefined;
  return { key: 'copy.form.numberFormat', params: { places: String(LIMITS.copyDecimalPlacesMax) } };
}

/**
 * The bounds of one field by the domain rule the server applies (follow-settings.ts), the other
 * fields set to values the rule accepts, so each box is told about its own number only.
 */
function boundsIssue(
  input: FollowSettingsInput,
  key: string,
  params: Record<string, string>,
): FieldIssue | undefined {
  const checked = checkFollowSettings(input, FOLLOW_LIMITS);
  return checked.ok ? undefined : { key, params };
}

/**
 * The rules the server applies to a follow's settings (the contract's format, then the bounds of
 * packages/domain follow-settings), checked as the customer types so a refusal never needs a round
 * trip: the amount is required in both modes (the copy stop-loss's base, and in amount mode the
 * scale), a ratio in ratio mode, and a copy stop-loss from 0 (none) to 100 % of the amount.
 */
export function checkFollowDraft(draft: FollowDraft): FollowIssues {
  const issues: FollowIssues = {};
  const amount = draft.amount.trim();
  const ratio = draft.ratio.trim();
  const stopLoss = draft.stopLossPercent.trim();
  const validAmount = LIMITS.copyAmountMin;
  const range = (min: string, max: string) => ({ min, max });
  const note = (field: keyof FollowIssues, issue: FieldIssue | undefined) => {
    if (issue) issues[field] = issue;
  };

  if (amount === '') issues.amount = { key: 'copy.form.amountRequired' };
  else {
    note(
      'amount',
      formatIssue(amount) ??
        boundsIssue(
          { mode: 'amount', ratio: undefined, amount, stopLossPercent: undefined },
          'copy.form.amountRange',
          range(LIMITS.copyAmountMin, LIMITS.copyAmountMax),
        ),
    );
  }
  if (draft.mode === 'ratio') {
    if (ratio === '') issues.ratio = { key: 'copy.form.ratioRequired' };
    else {
      note(
        'ratio',
        formatIssue(ratio) ??
          boundsIssue(
            { mode: 'ratio', ratio, amount: validAmount, stopLossPercent: undefined },
            'copy.form.ratioRange',
            range(LIMITS.copyRatioMin, LIMITS.copyRatioMax),
          ),
      );
    }
  }
  if (stopLoss !== '') {
    note(
      'stopLossPercent',
      formatIssue(stopLoss) ??
        boundsIssue(
          { mode: 'amount', ratio: undefined, amount: validAmount, stopLossPercent: stopLoss },
          'copy.form.stopLossRange',
          range('0', STOP_LOSS_PERCENT_MAX),
        ),
    );
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
