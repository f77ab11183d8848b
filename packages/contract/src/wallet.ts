import { z } from 'zod';
import { bankDetailFields, bankDetailTexts } from './bank-details';
import { cacheBuster, positiveId, serverText, text } from './fields';
import { DrawCurrencyRef, drawTypeField } from './funds';
import { LIMITS } from './limits';
import { rowRequest } from './row-request';

/**
 * The wallet (spec section 3 "Withdraw method", section 7): the coin addresses and bank accounts a
 * customer withdraws to. Each method belongs to one withdraw currency (`draw_id`, an id of
 * draw_symbol_list) and its type (1 coin, 2 bank).
 *
 * - GET /api/wallet/get_draw_method?draw_type&draw_id -> DrawMethod[]  the customer's own, newest first
 * - POST /api/wallet/bind_draw_method {type, draw_id, dc_address | bank_name, bank_address?,
 *   bank_swift?, payee_name, payee_account} -> DrawMethod
 * - POST /api/wallet/del_draw_method {id} -> {}   refused while a withdrawal waits on the method
 *
 * A coin address must be valid on the currency's network (TRC20, ERC20 with its EIP-55 checksum
 * when written in mixed case, BTC legacy, P2SH or bech32); a SWIFT/BIC must be well formed, and a
 * payee account that looks like an IBAN must pass the IBAN checksum. At most
 * LIMITS.drawMethodsPerUserMax methods per customer.
 */

export const DrawMethodQuery = z.object({
  /** 1 coin, 2 bank; absent: both. */
  draw_type: drawTypeField().optional(),
  /** Only the methods of this withdraw currency; absent: all. */
  draw_id: positiveId().optional(),
  t: cacheBuster,
});
export type DrawMethodQuery = z.infer<typeof DrawMethodQuery>;

/**
 * Binding a method. The fields of the other type are ignored; which are required depends on the
 * type, so the server names the missing one ("Bank name is required.").
 */
export const BindDrawMethodRequest = z.object({
  /** 1 coin address, 2 bank account: must be the withdraw currency's type. */
  type: drawTypeField(),
  /** The withdraw currency's id. */
  draw_id: positiveId(),
  /** Coin: the address. */
  dc_address: text(LIMITS.coinAddressLengthMax).optional(),
  /**
   * Bank: the bank's name (required), its address, its SWIFT/BIC; the account holder's name and the
   * account number or IBAN (both required).
   */
  ...bankDetailFields(),
  t: cacheBuster,
});
export type BindDrawMethodRequest = z.infer<typeof BindDrawMethodRequest>;

export const DeleteDrawMethodRequest = rowRequest({});
export type DeleteDrawMethodRequest = z.infer<typeof DeleteDrawMethodRequest>;

/**
 * A bound method (spec "Withdraw method"). The fields of the other type are empty. `bank_swift` is
 * upper-cased, without spaces; an IBAN `payee_account` is stored in its electronic form (the same).
 */
export const DrawMethod = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  dc_address: serverText(),
  ...bankDetailTexts(),
  draw_currency: DrawCurrencyRef,
  created_at: serverText(),
  created_time: z.number().int(),
});
export type DrawMethod = z.infer<typeof DrawMethod>;
export const DrawMethodList = z.array(DrawMethod);
