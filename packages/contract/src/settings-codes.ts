/** Settings wire codes, without zod (see trading-codes.ts). */

/** service_link_type (spec section 2): 2 a dialog with a copy button, 3 the current window, anything else a new one. */
export const SERVICE_LINK_TYPE = { dialog: 2, sameWindow: 3 } as const;
/** verify_reg_type (spec section 2): 2 an image captcha instead of a code by e-mail or SMS. */
export const VERIFY_REG_TYPE = { code: 1, captcha: 2 } as const;
/** trade_fee_type (spec section 9): 1 a commission per lot, anything else a fraction of the margin. */
export const TRADE_FEE_TYPE = { perLot: 1, ofMargin: 2 } as const;
/** The company status of spec section 7: 0 normal; any other status sends the browser to `loss_url`. */
export const COMPANY_STATUS = { normal: 0 } as const;
