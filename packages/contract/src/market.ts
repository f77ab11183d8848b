import { z } from 'zod';
import { cacheBuster, patternText, positiveId, serverText, text, textOrNumber } from './fields';
import { LIMITS } from './limits';
import { PERIOD_LABELS, type PeriodLabel } from './periods';

export { PERIOD_LABELS, type PeriodLabel } from './periods';

/** Category of spec section 3, its name in the request's language. */
export const Category = z.object({ Id: z.number().int(), NameShowTrans: serverText() });
export const CategoryList = z.array(Category);
export type Category = z.infer<typeof Category>;

/** Day statistics of an instrument: prices as decimal strings at its precision, Change in percent. */
export const Quotation = z.object({
  Open: serverText(),
  Close: serverText(),
  Change: serverText(),
  High: serverText(),
  Low: serverText(),
  Volume: serverText(),
  Bid: serverText(),
  Ask: serverText(),
  /** Time of the last price, Unix milliseconds. */
  Time: z.number().int(),
});
export type Quotation = z.infer<typeof Quotation>;

/**
 * Why MarketStatus is 0: `closed` outside the weekly trading hours; on a real price feed
 * also `no_symbol` (the instrument has no feed symbol), `rejected` (the feed refused the symbol) and
 * `stale` (no good quote for `feed_stale_seconds` in trading hours: prices paused). Null while open.
 */
export const MARKET_STATUS_REASONS = ['closed', 'no_symbol', 'rejected', 'stale'] as const;
export const MarketStatusReason = z.enum(MARKET_STATUS_REASONS).nullable();
export type MarketStatusReason = z.infer<typeof MarketStatusReason>;

export { MARKET_STATUS } from './trading-codes';

/** Trade list item of spec section 3 (PascalCase as the spec gives it), plus the maximum lots. */
export const Instrument = z.object({
  Id: z.number().int(),
  Code: serverText(),
  ShowCode: serverText(),
  Logo: serverText(),
  CategoryId: z.number().int(),
  /** 1 open, 0 closed. */
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  /** Why MarketStatus is 0 (null while open); absent from servers older than real price feeds. */
  MarketStatusReason: MarketStatusReason.optional(),
  PricePrecision: z.number().int(),
  /** Lot step. */
  Pip: serverText(),
  ForexMinCont: serverText(),
  ForexMaxCont: serverText(),
  /** Units per lot. */
  ForexContNum: serverText(),
  ForexFeeRate: serverText(),
  /** 1 fixed margin, otherwise leveraged. */
  MarginMode: z.number().int(),
  HasForexMultiple: z.array(z.object({ Value: z.number().int() })),
  QuoteCurrency: serverText(),
  /** Fraction of the mid price added to the ask and taken from the bid. */
  Spread: serverText(),
  ForexQuotations: Quotation,
});
export type Instrument = z.infer<typeof Instrument>;
export const InstrumentList = z.array(Instrument);

export const TradeListQuery = z.object({
  /**
   * Matched against Code and ShowCode anywhere inside, and against the instrument's names and
   * aliases in the 15 languages ("gold", "黃金", "petroleo"), ignoring case, accents, spaces and
   * punctuation (the server's market/instrument-search.ts).
   */
  searchCurrency: text(LIMITS.searchTextLengthMax).optional(),
  category_id: positiveId().optional(),
  t: cacheBuster,
});

/** Periods of spec section 9: the label, or its length in minutes. */
const PERIOD_MINUTES: Record<string, PeriodLabel> = {
  '1': '1M',
  '5': '5M',
  '15': '15M',
  '30': '30M',
  '60': '1H',
  '1440': '1D',
};
export const PeriodField = textOrNumber()
  .transform((value) => {
    const textValue = value.toUpperCase();
    return (PERIOD_LABELS as readonly string[]).includes(textValue)
      ? textValue
      : (PERIOD_MINUTES[textValue] ?? '');
  })
  .pipe(z.enum(PERIOD_LABELS, { error: 'validation.period' }));

/** Candle of spec section 3; Time is the start of the candle in Unix seconds (UTC). */
export const Candle = z.object({
  Time: z.number().int(),
  Open: serverText(),
  High: serverText(),
  Low: serverText(),
  Close: serverText(),
  Volume: serverText(),
});
export type Candle = z.infer<typeof Candle>;
export const CandleList = z.array(Candle);

export const KlineQuery = z.object({
  forex_id: positiveId(),
  period: PeriodField.default('1M'),
  /**
   * Paging back in history: only candles that start before this Unix second (aligned down to the
   * period). Without it the answer ends with the candle in progress.
   */
  before: positiveId().optional(),
  t: cacheBuster,
});

/** A day's sparkline per instrument for the home list: closes of hourly buckets. */
export const Sparkline = z.object({ Id: z.number().int(), Points: z.array(serverText()) });
export type Sparkline = z.infer<typeof Sparkline>;
export const SparklineList = z.array(Sparkline);

/** One instrument's change on the `market.day` topic; a push carries every instrument that changed. */
export const QuoteUpdate = z.object({
  Id: z.number().int(),
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  MarketStatusReason: MarketStatusReason.optional(),
  ForexQuotations: Quotation,
});
export type QuoteUpdate = z.infer<typeof QuoteUpdate>;
export const MarketDayPush = z.array(QuoteUpdate);
export type MarketDayPush = z.infer<typeof MarketDayPush>;

/** `GET /v1/api/forex/logo/:code.svg`: an instrument's logo, the path Instrument.Logo holds. */
export const LogoParams = z.object({ code: patternText(/^[A-Za-z0-9_]{1,16}$/) });
