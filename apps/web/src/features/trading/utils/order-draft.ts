import type { Instrument } from '@meridian/contract/market';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import type { Quote } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import type { PricesPaused } from '../../../lib/market-state';

/** Market (1 on the wire) fills at once; pending (0) waits for its target price. */
export type EntryKind = 'market' | 'pending';

/** What the customer has typed and chosen so far, as typed (texts, not numbers). */
export type OrderDraft = {
  side: Side;
  entry: EntryKind;
  lots: string;
  /** One of the instrument's HasForexMultiple values; null on a fixed-margin instrument or when none. */
  leverage: number | null;
  /** A pending order's target price. */
  target: string;
  /** Empty or 0: not set. */
  stopLoss: string;
  takeProfit: string;
};

/** The instrument's contract terms the form reads (spec section 3, trade list item). */
export type OrderTerms = Pick<
  Instrument,
  | 'Id'
  | 'PricePrecision'
  | 'Pip'
  | 'ForexMinCont'
  | 'ForexMaxCont'
  | 'ForexContNum'
  | 'ForexFeeRate'
  | 'MarginMode'
  | 'HasForexMultiple'
>;

/** The live prices an order is checked and previewed at. */
export type OrderPricing = {
  /** Bid and ask now; null when the instrument has no price yet. */
  quote: Quote | null;
  /** Quote currency to USDT; undefined while the conversion pair has no price. */
  conversion: QuoteToAccountRate | undefined;
  marketOpen: boolean;
  /** Not open because the real feed gives no usable price, not because of the hours. */
  pricesPaused: PricesPaused | null;
};

/** A message for the customer: a translation key of the web app and its placeholders. */
export type Issue = { key: string; params: Record<string, string> };

/** A fresh form: the minimum lots, the first (lowest) leverage offered, nothing else set. */
export function initialDraft(terms: OrderTerms, side: Side): OrderDraft {
  return {
    side,
    entry: 'market',
    lots: terms.ForexMinCont,
    leverage: terms.HasForexMultiple[0]?.Value ?? null,
    target: '',
    stopLoss: '',
    takeProfit: '',
  };
}
