import { z } from 'zod';
import { cacheBuster, flag, patternText, serverText, textOrNumber } from './fields';
import { LIMITS } from './limits';
import { comparePlainDecimals, PLAIN_NON_NEGATIVE } from './plain-decimal';
import { rowRequest } from './row-request';

/**
 * The back office's instrument terms, under /admin/api behind the staff guard:
 * permission `instruments.edit` (role `admin`).
 *
 * - GET  /admin/api/instruments -> StaffInstrumentList  every instrument, enabled or not, with its
 *        terms, its category and how many orders are live on it (pending or holding)
 * - POST /admin/api/instruments/update {id, spread?, enabled?, leverages?, min_lots?, max_lots?,
 *        pip?, fee_rate?, price_precision?, session?, feed_symbol?, markup_points?} -> StaffInstrument
 *        Applied at once to this node's live market (quotes, spread, session, precision), trading
 *        (order rules, fees, leverage) and charts, and on the other nodes within their terms refresh
 *        (docs/decisions.md "Back office: instruments and settings"). The price precision and the
 *        trading session change only while no order is live on the instrument. Audited with before
 *        and after in the same transaction. The feed symbol and the markup reach a real
 *        feed through the same terms refresh: a changed symbol is re-subscribed without a restart.
 *
 * No field sets or nudges a price: the base price, prices and candles are not terms staff edit
 * (the issue's "honest market"); fields this schema does not name are dropped, never written.
 */

export const SESSIONS = ['weekly', 'always'] as const;
export const InstrumentSession = z.enum(SESSIONS, { error: 'validation.invalid_choice' });
export type InstrumentSession = z.infer<typeof InstrumentSession>;

/**
 * A term written as a plain non-negative decimal ("0.0002", "50"), at most
 * LIMITS.instrumentTermPlacesMax places and a bounded length; its range is checked by
 * `instrumentTermsIssue` with the other terms, so the refusal names the bounds.
 */
export const termNumber = () =>
  textOrNumber(LIMITS.instrumentTermTextLengthMax).superRefine((value, context) => {
    const match = PLAIN_NON_NEGATIVE.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: 'validation.term_number' });
      return;
    }
    if ((match[2] ?? '').replace(/0+$/, '').length > LIMITS.instrumentTermPlacesMax)
      context.addIssue({ code: 'custom', message: 'validation.term_number' });
  });

const leverage = () =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid_number' : undefined) })
    .int({ error: 'validation.leverages' })
    .min(1)
    .max(LIMITS.instrumentLeverageMax);

/** The leverage choices offered: 1 to 10 distinct whole multipliers, stored in ascending order. */
export const leverageChoices = () =>
  z
    .array(leverage(), { error: 'validation.leverages' })
    .min(1, { error: 'validation.leverages' })
    .max(LIMITS.instrumentLeverageChoicesMax, { error: 'validation.leverages' })
    .refine((values) => new Set(values).size === values.length, { error: 'validation.leverages' })
    .transform((values) => [...values].sort((a, b) => a - b));

/**
 * A real feed's symbol (FIX 55, a stream's symbol): 1 to 32 of A–Z a–z 0–9 . _ - / : after
 * trimming, or empty to clear it (null: no symbol, so no price on a real feed).
 */
export const FEED_SYMBOL_PATTERN = new RegExp(
  `^(?:[A-Za-z0-9._\\-/:]{1,${LIMITS.instrumentFeedSymbolLengthMax}})?$`,
);

export const feedSymbol = () =>
  patternText(FEED_SYMBOL_PATTERN, 'validation.feed_symbol').transform((value) =>
    value === '' ? null : value,
  );

/**
 * Price points, digits only (no sign, point or exponent); the range (0 to
 * LIMITS.instrumentMarkupPointsMax) is `instrumentTermsIssue`'s, so the refusal names the bounds.
 */
export const markupPoints = () =>
  textOrNumber(LIMITS.instrumentTermTextLengthMax)
    .refine((value) => /^\d+$/.test(value), { error: 'validation.whole_points' })
    .transform(Number);

export const UpdateInstrumentRequest = rowRequest({
  /** Fraction of the mid price added to the ask and taken from the bid, 0 to LIMITS.instrumentSpreadMax. */
  spread: termNumber().optional(),
  /** A disabled instrument leaves the lists and takes no new order; live orders on it can still close. */
  enabled: flag().optional(),
  leverages: leverageChoices().optional(),
  min_lots: termNumber().optional(),
  max_lots: termNumber().optional(),
  /** The lot step: lots are whole multiples of it. */
  pip: termNumber().optional(),
  fee_rate: termNumber().optional(),
  price_precision: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid_number' : undefined) })
    .int()
    .min(0)
    .max(LIMITS.instrumentPricePrecisionMax)
    .optional(),
  session: InstrumentSession.optional(),
  /** The symbol the real feed quotes the instrument under; '' clears it (no price on a real feed). */
  feed_symbol: feedSymbol().optional(),
  /** Price points (steps of the price precision) added to the bid and the ask of a real feed's quote. */
  markup_points: markupPoints().optional(),
});
export type UpdateInstrumentRequest = z.infer<typeof UpdateInstrumentRequest>;

/** The terms staff edit, as plain texts (and the flags and numbers as they are). */
export type EditableTerms = {
  spread: string;
  enabled: boolean;
  leverages: number[];
  min_lots: string;
  max_lots: string;
  pip: string;
  fee_rate: string;
  price_precision: number;
  session: InstrumentSession;
  /** null: no symbol (no price on a real feed). */
  feed_symbol: string | null;
  markup_points: number;
};

export const EDITABLE_TERMS = [
  'spread',
  'enabled',
  'leverages',
  'min_lots',
  'max_lots',
  'pip',
  'fee_rate',
  'price_precision',
  'session',
  'feed_symbol',
  'markup_points',
] as const satisfies readonly (keyof EditableTerms)[];

/** Terms that shape the price path and the market's hours: they change only with no live order. */
export const TERMS_NEEDING_NO_LIVE_ORDERS = ['price_precision', 'session'] as const;

/** A refusal of a whole set of terms: a message key and its parameters. */
export type TermsIssue = { key: string; params: Record<string, string> };

/** Whether `value` is a whole multiple of `step` (both plain decimals of at most 8 places). */
function isMultipleOf(value: string, step: string): boolean {
  const scale = (text: string) => {
    const [whole = '', fraction = ''] = text.split('.');
    return BigInt(`${whole}${fraction.padEnd(LIMITS.instrumentTermPlacesMax, '0')}`);
  };
  const divisor = scale(step);
  return divisor > 0n && scale(value) % divisor === 0n;
}

/**
 * The rules of a whole set of terms (the stored ones with the edit applied), beyond each field's
 * shape: the ranges, a minimum not above the maximum, lots on the step. Undefined when they hold.
 */
export function instrumentTermsIssue(terms: EditableTerms): TermsIssue | undefined {
  const range = (field: string, value: string, min: string, max: string, minExclusive: boolean) => {
    const low = comparePlainDecimals(value, min);
    if (low < 0 || (minExclusive && low === 0) || comparePlainDecimals(value, max) > 0)
      return {
        key: minExclusive ? 'validation.term_range_positive' : 'validation.term_range',
        params: { field, min, max },
      };
    return undefined;
  };
  const issue =
    range('spread', terms.spread, '0', LIMITS.instrumentSpreadMax, false) ??
    range('min_lots', terms.min_lots, '0', LIMITS.instrumentLotsMax, true) ??
    range('max_lots', terms.max_lots, '0', LIMITS.instrumentLotsMax, true) ??
    range('pip', terms.pip, '0', LIMITS.instrumentLotsMax, true) ??
    range('fee_rate', terms.fee_rate, '0', LIMITS.instrumentFeeRateMax, false);
  if (issue) return issue;
  // A whole number (the request's digits, up to 24 of them, read as a number): compared as one.
  const markupMax = LIMITS.instrumentMarkupPointsMax;
  if (
    !Number.isSafeInteger(terms.markup_points) ||
    terms.markup_points < 0 ||
    terms.markup_points > markupMax
  )
    return {
      key: 'validation.term_range',
      params: { field: 'markup_points', min: '0', max: String(markupMax) },
    };
  if (comparePlainDecimals(terms.min_lots, terms.max_lots) > 0)
    return { key: 'validation.lots_min_above_max', params: { min: terms.min_lots, max: terms.max_lots } };
  if (!isMultipleOf(terms.min_lots, terms.pip) || !isMultipleOf(terms.max_lots, terms.pip))
    return { key: 'validation.lots_off_step', params: { step: terms.pip } };
  return undefined;
}

export const StaffInstrumentCategory = z.object({ id: z.number().int(), name: serverText() });

export { MARGIN_MODE } from './trading-codes';

/** An instrument as the back office sees it: its terms, and what is only shown (code, contract size, margin mode). */
export const StaffInstrument = z.object({
  id: z.number().int(),
  code: serverText(),
  show_code: serverText(),
  category_id: z.number().int(),
  quote_currency: serverText(),
  units_per_lot: serverText(),
  /** 1 fixed margin, 2 leveraged. */
  margin_mode: z.number().int(),
  spread: serverText(),
  enabled: z.boolean(),
  leverages: z.array(z.number().int()),
  min_lots: serverText(),
  max_lots: serverText(),
  pip: serverText(),
  fee_rate: serverText(),
  price_precision: z.number().int(),
  session: InstrumentSession,
  /** The symbol a real feed quotes it under; null: none (no price on a real feed). */
  feed_symbol: serverText().nullable(),
  /** Price points added to each side of a real feed's quote. */
  markup_points: z.number().int(),
  /** Pending and holding orders on the instrument now (precision and session change only at 0). */
  live_orders: z.number().int(),
  /** The live bid and ask on this node ('' when the market has not loaded it). */
  bid: serverText(),
  ask: serverText(),
  /** ISO 8601. */
  updated_at: serverText(),
});
export type StaffInstrument = z.infer<typeof StaffInstrument>;

export const StaffInstrumentList = z.object({
  categories: z.array(StaffInstrumentCategory),
  list: z.array(StaffInstrument),
});
export type StaffInstrumentList = z.infer<typeof StaffInstrumentList>;

export const InstrumentListQuery = z.object({ t: cacheBuster });
