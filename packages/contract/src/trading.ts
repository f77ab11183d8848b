import { z } from 'zod';
import { cacheBuster, positiveId, serverText, text, textOrNumber, wholeNumber } from './fields';
import { LIMITS } from './limits';
import { pageOf, pagingFields } from './paging';
import { rowRequest } from './row-request';

/**
 * Trading calls of spec section 7 (forex submit, my_deal, close, cancel_trade, set_stop_price) and
 * the account figures (getBalance, forexDetail, forexChange, resetForexDemoAccount). Forex entities
 * use the spec's PascalCase fields. Prices are decimal texts at the instrument's precision; order
 * amounts (margin, fee, profit) decimal texts at 6 places; balances exact decimal texts.
 */

/** Plain decimal text: an optional sign, digits, at most one point. */
const PLAIN_DECIMAL = /^[+-]?(\d*)(?:\.(\d*))?$/;
/** Texts a number parser also reads, but no customer means by a price or a lot size. */
const OTHER_NUMBER = /\d|^[+-]?(?:inf|infinity|nan)$/i;

export type NumberTextIssue = 'validation.number_plain' | 'validation.number_too_long';

/**
 * What the wire refuses in a lots, leverage or price text: a number written otherwise than plainly
 * (an exponent as in 1e22 or a JSON 1e308, Infinity, NaN, 0x10), and more digits than the orders'
 * numeric(30, 8) columns hold, which would otherwise fail the write (HTTP 500) instead of refusing.
 * Words and signs are left to the domain rules, which name the field ("Stop-loss must be a number.",
 * "cannot be negative").
 */
export function numberTextIssue(text: string): NumberTextIssue | undefined {
  const plain = PLAIN_DECIMAL.exec(text);
  if (!plain || !/\d/.test(text)) return OTHER_NUMBER.test(text) ? 'validation.number_plain' : undefined;
  const integerDigits = (plain[1] ?? '').replace(/^0+/, '').length;
  const decimalPlaces = (plain[2] ?? '').replace(/0+$/, '').length;
  const tooLong =
    integerDigits > LIMITS.tradeNumberIntegerDigitsMax || decimalPlaces > LIMITS.tradeNumberDecimalPlacesMax;
  if (tooLong) return 'validation.number_too_long';
  return undefined;
}

/**
 * Lots and prices are read by the domain rules (packages/domain), which give the precise refusal
 * (below the minimum, off the step, too many places, outside the price band), so here they are only
 * bounded plain texts.
 */
const numberText = () =>
  textOrNumber(LIMITS.tradeNumberTextLengthMax).superRefine((text, context) => {
    const issue = numberTextIssue(text);
    if (issue !== undefined) context.addIssue({ code: 'custom', message: issue });
  });

export { ENTRY_TYPE, ORDER_STATUS, ORDER_TAB, ORDER_TYPE } from './trading-codes';
export const OrderState = z.enum(['pending', 'holding', 'closed', 'cancelled']);
export type OrderState = z.infer<typeof OrderState>;
/**
 * Why an order closed (or, for a cancelled pending order: user or demo_reset). Empty while open.
 * A copy (copy trading) also closes when its trader's order closes (`trader_closed`) or when its
 * follow's copy stop-loss is reached or the follower stops copying with its copies
 * (`copy_stopped`).
 */
export const CloseReason = z.enum([
  'user',
  'stop_loss',
  'take_profit',
  'stop_out',
  'demo_reset',
  'trader_closed',
  'copy_stopped',
]);
export type CloseReason = z.infer<typeof CloseReason>;

export const SubmitOrderRequest = z.object({
  /** 1 buy, 2 sell. */
  type: wholeNumber().pipe(z.union([z.literal(1), z.literal(2)], { error: 'validation.order_type' })),
  /** 1 market, 0 pending. */
  status: wholeNumber().pipe(z.union([z.literal(0), z.literal(1)], { error: 'validation.entry_type' })),
  /** Lots (Quantity). */
  cont: numberText(),
  forex_id: positiveId(),
  /** Leverage, one of the instrument's HasForexMultiple values; ignored for fixed margin. */
  multiple: numberText().optional(),
  /** A pending order's target price; ignored for a market order. */
  target_price: numberText().optional(),
  /** 0, empty or absent: no stop-loss. */
  stop_loss_price: numberText().optional(),
  /** 0, empty or absent: no take-profit. */
  target_profit_price: numberText().optional(),
  /** Same as the Idempotency-Key header (the header wins): the same key never opens two orders. */
  idempotency_key: text(LIMITS.idempotencyKeyLengthMax).optional(),
  t: cacheBuster,
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequest>;

/** The Idempotency-Key header: printable ASCII without spaces, at most 64 characters. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${LIMITS.idempotencyKeyLengthMax}}$`);

export const OrderIdRequest = rowRequest({});
export type OrderIdRequest = z.infer<typeof OrderIdRequest>;

/**
 * Sets, changes or clears a pending or holding order's stops. A field that is absent keeps its
 * current value; 0 or empty clears it.
 */
export const SetStopRequest = rowRequest({
  target_profit_price: numberText().optional(),
  stop_loss_price: numberText().optional(),
});
export type SetStopRequest = z.infer<typeof SetStopRequest>;

export const MyDealQuery = z.object({
  /** 1 holding, 0 pending, 3 history (closed and cancelled). */
  status: wholeNumber().pipe(
    z.union([z.literal(0), z.literal(1), z.literal(3)], { error: 'validation.order_tab' }),
  ),
  ...pagingFields(LIMITS.orderPageSizeDefault),
  t: cacheBuster,
});
export type MyDealQuery = z.infer<typeof MyDealQuery>;

/** The instrument of an order, as the spec nests it (ForexTradeLists.ShowCode). */
export const OrderInstrument = z.object({
  Id: z.number().int(),
  Code: serverText(),
  ShowCode: serverText(),
  PricePrecision: z.number().int(),
});

/** Order of spec section 3, with the extra fields a careful client needs. */
export const Order = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ForexTradeLists: OrderInstrument,
  /** 1 buy, 2 sell. */
  OrderType: z.union([z.literal(1), z.literal(2)]),
  /** 1 market, 0 pending (how it was entered). */
  EntryType: z.union([z.literal(0), z.literal(1)]),
  /** 0 pending, 1 holding, 2 cancelled, 3 closed. */
  Status: z.number().int(),
  State: OrderState,
  /** Lots. */
  Quantity: serverText(),
  /** Leverage; 0 on a fixed-margin instrument. */
  Multiple: z.number().int(),
  /** The market price (the side it opens at) when the order was sent. */
  OriginPrice: serverText(),
  /** The open price; for a pending order not yet filled, its target (the price it will open at). */
  Price: serverText(),
  /** A pending order's target; "0" for a market order. */
  TargetPrice: serverText(),
  /**
   * Holding: the price it would close at now (bid for a buy, ask for a sell), its mark. Pending: the
   * price it waits on (ask for a buy, bid for a sell). Closed: the close price. Cancelled: "0".
   */
  UpdatePrice: serverText(),
  /** The close price; "0" until closed. */
  ClosePrice: serverText(),
  /** Holding: floating profit at UpdatePrice; closed: realised profit; otherwise "0.000000". */
  FactProfits: serverText(),
  /** Margin (reserved at placement for a pending order). */
  CautionMoney: serverText(),
  TradeFee: serverText(),
  /** Stop-loss; "0" when unset. */
  TargetLossPrice: serverText(),
  /** Take-profit; "0" when unset. */
  TargetProfitPrice: serverText(),
  /** Empty while open. */
  CloseReason: z.union([CloseReason, z.literal('')]),
  /** When the order was sent, "YYYY-MM-DD HH:mm:ss" in UTC. */
  CreateTimeHandler: serverText(),
  /** Unix milliseconds; OpenTime and CloseTime are 0 until they happen. */
  CreateTime: z.number().int(),
  OpenTime: z.number().int(),
  CloseTime: z.number().int(),
  PricePrecision: z.number().int(),
});
export type Order = z.infer<typeof Order>;

/** Order list response of spec section 3. */
export const OrderList = z.object({
  data: z.array(Order),
  /** Orders in this tab (all pages). */
  total: z.number().int(),
  /** Sum of FactProfits over the whole tab: floating (holding), realised (history), 0 (pending). */
  all_fact_profits: serverText(),
  /** Available balance. */
  balance: serverText(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OrderList = z.infer<typeof OrderList>;

export const BalanceAnswer = z.object({ balance: serverText() });
export type BalanceAnswer = z.infer<typeof BalanceAnswer>;

/**
 * An account's buckets and figures (USDT, exact decimal texts), as the customer's account detail
 * and the back office's customer page give them:
 * - `balance` available; `lock_balance` withdrawals awaiting review;
 * - `margin` held by holding positions; `pending_margin` margin and fee reserved by pending orders
 *   (outside net value and risk rate);
 * - `net_value` = balance + margin + floating_profit.
 */
export const accountFigureTexts = () => ({
  balance: serverText(),
  lock_balance: serverText(),
  margin: serverText(),
  pending_margin: serverText(),
  floating_profit: serverText(),
  net_value: serverText(),
});

/** Account detail of spec section 3 with the trading figures of ARCHITECTURE.md. */
export const ForexDetail = z.object({
  ...accountFigureTexts(),
  /** net_value / margin x 100, 2 places rounded down; null without positions. */
  risk_rate: serverText().nullable(),
  /** The stop-out level in percent. */
  stop_out_level: serverText(),
  currency: serverText(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
});
export type ForexDetail = z.infer<typeof ForexDetail>;

export const ForexChangeQuery = z.object({
  ...pagingFields(LIMITS.ledgerPageSizeDefault),
  t: cacheBuster,
});
export type ForexChangeQuery = z.infer<typeof ForexChangeQuery>;

/** Ledger entry of spec section 3 (the available balance's entries), newest first. */
export const LedgerLine = z.object({
  Id: z.number().int(),
  /** Signed amount. */
  Value: serverText(),
  /** What it was, in the request's language. */
  MemoTran: serverText(),
  /** "YYYY-MM-DD HH:mm:ss" in UTC. */
  CreatedAtTran: serverText(),
  /** Unix milliseconds. */
  CreatedAt: z.number().int(),
  /** The ledger kind (deposit, margin_reserve, trade_fee, realized_pnl, ...). */
  Kind: serverText(),
  /** The available balance after this entry. */
  BalanceAfter: serverText(),
  /** The order it belongs to; 0 for none. */
  OrderId: z.number().int(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;
export const LedgerPage = pageOf(LedgerLine);
export type LedgerPage = z.infer<typeof LedgerPage>;

/** What the demo reset did. */
export const DemoResetAnswer = z.object({
  balance: serverText(),
  closed: z.number().int(),
  cancelled: z.number().int(),
});
export type DemoResetAnswer = z.infer<typeof DemoResetAnswer>;

/** One holding order's live figures on `forex.trade`. */
export const OrderMark = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  FactProfits: serverText(),
  UpdatePrice: serverText(),
});
export type OrderMark = z.infer<typeof OrderMark>;

/**
 * `forex.trade` push: every holding order of the user with its floating profit, and the totals.
 * Sent when a price they hold moves, at most 4 times a second. An Id the client does not know (a
 * pending order that just filled) means: reload the order list.
 */
export const ForexTradePush = z.object({
  orders: z.array(OrderMark),
  all_fact_profits: serverText(),
  balance: serverText(),
  margin: serverText(),
  net_value: serverText(),
  risk_rate: serverText().nullable(),
  /** Unix milliseconds of the prices used. */
  time: z.number().int(),
});
export type ForexTradePush = z.infer<typeof ForexTradePush>;

/** `forex.closed` push: an order of the user left its list (closed, or a pending order cancelled). */
export const ForexClosedPush = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ShowCode: serverText(),
  /** 2 cancelled, 3 closed. */
  Status: z.number().int(),
  State: OrderState,
  /** user, stop_loss, take_profit, stop_out or demo_reset. */
  reason: CloseReason,
  /** Realised profit; "0.000000" for a cancelled order. */
  FactProfits: serverText(),
  /** "0" for a cancelled order. */
  ClosePrice: serverText(),
  CloseTime: z.number().int(),
  /** The available balance after it. */
  balance: serverText(),
});
export type ForexClosedPush = z.infer<typeof ForexClosedPush>;

/** `GET /v1/api/forex/execution?id=`: the order's execution records. */
export const ExecutionQuery = rowRequest({});
export type ExecutionQuery = z.infer<typeof ExecutionQuery>;

/**
 * One fill of an order and the quote it was made against. Times are Unix ms: `quoted_at` when the
 * quote reached the server, `requested_at` when the order request did (an engine fill: the tick's
 * time), `filled_at` the fill. A trigger fill also names its price and the first quote that crossed it.
 */
export const ExecutionRecord = z.object({
  kind: z.enum([
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
  ]),
  type: z.number().int(),
  price: serverText(),
  bid: serverText(),
  ask: serverText(),
  markup_points: z.number().int(),
  source: serverText(),
  quoted_at: z.number().int(),
  /** The feed's own time of the quote (Unix ms, the venue's clock); null: the simulator, or a feed that gives none. */
  feed_at: z.number().int().nullable(),
  requested_at: z.number().int(),
  filled_at: z.number().int(),
  trigger_price: serverText().nullable(),
  crossing_bid: serverText().nullable(),
  crossing_ask: serverText().nullable(),
});
export type ExecutionRecord = z.infer<typeof ExecutionRecord>;
export type ExecutionKind = ExecutionRecord['kind'];

export const ExecutionList = z.object({ order_id: z.number().int(), list: z.array(ExecutionRecord) });
export type ExecutionList = z.infer<typeof ExecutionList>;
