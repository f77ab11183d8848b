import { ENTRY_TYPE, type SubmitOrderRequest } from '@meridian/contract/trading';
import { orderTypeOf } from '@meridian/domain/side';
import type { CheckedDraft } from './order-checks';
import type { OrderDraft } from './order-draft';

/** The submit call's fields (spec section 7: type, cont, forex_id, status, target_price, ...). */
export type SubmitFields = {
  type: 1 | 2;
  status: 0 | 1;
  cont: string;
  forex_id: number;
  multiple?: string;
  target_price?: string;
  stop_loss_price?: string;
  target_profit_price?: string;
};

/** Every field sent is one the contract reads (a rename in the contract fails the build here). */
type UnknownFields = Exclude<keyof SubmitFields, keyof SubmitOrderRequest>;
export const SUBMIT_FIELDS_MATCH_CONTRACT: [UnknownFields] extends [never] ? true : never = true;

/**
 * The fields of a checked draft. Stops are sent as typed ('' when empty means unset); a market
 * order sends no target, and a fixed-margin instrument no leverage.
 */
export function toSubmitFields(forexId: number, draft: OrderDraft, checked: CheckedDraft): SubmitFields {
  const fields: SubmitFields = {
    type: orderTypeOf(draft.side),
    status: draft.entry === 'market' ? ENTRY_TYPE.market : ENTRY_TYPE.pending,
    cont: checked.lots ?? draft.lots.trim(),
    forex_id: forexId,
  };
  if (checked.leverage !== null) fields.multiple = String(checked.leverage);
  if (draft.entry === 'pending') fields.target_price = draft.target.trim();
  if (draft.stopLoss.trim() !== '') fields.stop_loss_price = draft.stopLoss.trim();
  if (draft.takeProfit.trim() !== '') fields.target_profit_price = draft.takeProfit.trim();
  return fields;
}
