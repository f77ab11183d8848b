import { type DecimalInput, toDecimal } from './money';
import type { Quote } from './quote';
import type { Side } from './side';

/**
 * The fill invariant of the execution record (docs/decisions.md "Fill invariant"): the
 * price of every fill follows from the quote recorded with it, so nobody can have steered it.
 *
 * - A fill at the market (a market or copy open, a close by the customer, a stop-out, a copy's
 *   close, a demo reset) is at the recorded quote's side: an open buys at the ask and sells at the
 *   bid, a close sells a buy at the bid and buys a sell back at the ask (fill-price.ts). The recorded
 *   bid and ask are the quote as customers saw it, the markup already in them (quoteWithMarkup), so
 *   "the side plus the markup" is the recorded side itself.
 * - A trigger fill (a pending order's fill, a stop-loss, a take-profit) is at the trigger's own price
 *   (ARCHITECTURE.md "Trading rules"), and the crossing quote's side must have reached it: the first
 *   quote that crossed it is the one recorded.
 */

export const FILL_KINDS = [
  'market_open',
  'pending_fill',
  'copy_open',
  'manual_close',
  'stop_loss',
  'take_profit',
  'stop_out',
  'copy_close',
  'copy_stopped',
  'demo_reset',
] as const;
export type FillKind = (typeof FILL_KINDS)[number];

export type QuoteSide = 'bid' | 'ask';

/** How a fill's price is checked: at a side of its quote, or at its trigger reached by the crossing quote's side. */
export type FillRule =
  | { price: QuoteSide }
  | { price: 'trigger'; crossing: QuoteSide; reached: 'at_or_below' | 'at_or_above' };

const OPENS: ReadonlySet<FillKind> = new Set(['market_open', 'copy_open']);

/** The side a fill of `kind` trades at: opens buy at the ask and sell at the bid; closes the other way. */
function tradedSide(kind: FillKind, side: Side): QuoteSide {
  const opens = OPENS.has(kind) || kind === 'pending_fill';
  return (side === 'buy') === opens ? 'ask' : 'bid';
}

/** The rule a fill of `kind` on an order of `side` obeys. */
export function fillRule(kind: FillKind, side: Side): FillRule {
  const traded = tradedSide(kind, side);
  const buy = side === 'buy';
  switch (kind) {
    // A buy limit fills when the ask falls to its target, a sell limit when the bid rises to it.
    case 'pending_fill':
      return { price: 'trigger', crossing: traded, reached: buy ? 'at_or_below' : 'at_or_above' };
    // A buy's stop-loss fires when the bid falls to it, a sell's when the ask rises to it.
    case 'stop_loss':
      return { price: 'trigger', crossing: traded, reached: buy ? 'at_or_below' : 'at_or_above' };
    case 'take_profit':
      return { price: 'trigger', crossing: traded, reached: buy ? 'at_or_above' : 'at_or_below' };
    default:
      return { price: traded };
  }
}

/** What the invariant reads of an execution record (prices as decimal text). */
export type FillRecord = {
  kind: FillKind;
  side: Side;
  price: string;
  bid: string;
  ask: string;
  triggerPrice: string | null;
  crossingBid: string | null;
  crossingAsk: string | null;
};

/** The price the record's fill must have had: its quote's side, or its trigger's price (null: a trigger fill without one). */
export function expectedFillPrice(record: FillRecord): string | null {
  const rule = fillRule(record.kind, record.side);
  if (rule.price === 'trigger') return record.triggerPrice;
  return rule.price === 'bid' ? record.bid : record.ask;
}

/** Whether a fill obeys the invariant: its price is the expected one, and a trigger was reached by its crossing quote. */
export function fillFollowsQuote(record: FillRecord): boolean {
  const expected = expectedFillPrice(record);
  if (expected === null || !toDecimal(record.price).eq(toDecimal(expected))) return false;
  const rule = fillRule(record.kind, record.side);
  if (rule.price !== 'trigger') return true;
  const crossing = rule.crossing === 'bid' ? record.crossingBid : record.crossingAsk;
  if (crossing === null) return false;
  return reaches(rule, crossing, expected);
}

export type TriggerKind = 'pending_fill' | 'stop_loss' | 'take_profit';

/**
 * Whether a quote reaches a trigger (the engine's firing rule, and the one a replay of stored prices
 * follows): a buy's stop-loss when the bid falls to it, a sell's when the ask rises to it, and so on.
 */
export function quoteReachesTrigger(
  kind: TriggerKind,
  side: Side,
  trigger: DecimalInput,
  quote: Quote,
): boolean {
  const rule = fillRule(kind, side);
  if (rule.price !== 'trigger') throw new Error(`${kind} is not a trigger fill`);
  return reaches(rule, rule.crossing === 'bid' ? quote.bid : quote.ask, trigger);
}

function reaches(
  rule: Extract<FillRule, { price: 'trigger' }>,
  watched: DecimalInput,
  trigger: DecimalInput,
): boolean {
  const compared = toDecimal(watched).cmp(toDecimal(trigger));
  return rule.reached === 'at_or_below' ? compared <= 0 : compared >= 0;
}
