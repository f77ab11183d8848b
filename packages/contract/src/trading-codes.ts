/**
 * The trading wire codes, without zod, so a screen that only compares codes (the first screen's
 * order rows and quotes) does not load the schemas: the first screen's critical path stays lean.
 */

/** Direction on the wire: 1 buy, 2 sell (spec section 4). */
export const ORDER_TYPE = { buy: 1, sell: 2 } as const;
/** Entry type on the wire (the submit call's `status`): 1 market price, 0 pending at a target. */
export const ENTRY_TYPE = { pending: 0, market: 1 } as const;
/** The my_deal tabs (spec section 4): 1 holding, 0 pending (dealing), 3 history. */
export const ORDER_TAB = { pending: 0, holding: 1, history: 3 } as const;
/**
 * An order's Status: the tab it belongs to, and 2 for a cancelled pending order (history too).
 * `State` names the same four states in words.
 */
export const ORDER_STATUS = { pending: 0, holding: 1, cancelled: 2, closed: 3 } as const;
/** An instrument's MarketStatus: 1 open (tradable now), 0 closed (MarketStatusReason says why). */
export const MARKET_STATUS = { closed: 0, open: 1 } as const;
/** An instrument's margin_mode (spec section 9): 1 a fixed margin per lot, anything else leveraged. */
export const MARGIN_MODE = { fixed: 1, leveraged: 2 } as const;
