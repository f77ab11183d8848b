import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import type { FundsMessage } from './amount-checks';

/** What the binding form holds; the fields of the other kind are ignored. */
export type BindDraft = {
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
};

export const EMPTY_BIND_DRAFT: BindDraft = {
  dc_address: '',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
};

export type BindProblems = Partial<Record<keyof BindDraft, FundsMessage>>;

/**
 * The binding form's required fields (spec section 5: "enter withdrawal address"; a bank account
 * needs its bank, holder and number). Whether an address fits its network, a SWIFT code its format
 * or an IBAN its checksum is the server's check, with its well-kept libraries; it names the problem.
 */
export function bindProblems(kind: 1 | 2, draft: BindDraft): BindProblems {
  const problems: BindProblems = {};
  const missing = (field: keyof BindDraft) => draft[field].trim() === '';
  if (kind === DRAW_TYPE.coin) {
    if (missing('dc_address')) problems.dc_address = { key: 'funds.withdraw.enterAddress' };
    return problems;
  }
  if (missing('bank_name')) problems.bank_name = { key: 'funds.bind.bankNameRequired' };
  if (missing('payee_name')) problems.payee_name = { key: 'funds.bind.payeeNameRequired' };
  if (missing('payee_account')) problems.payee_account = { key: 'funds.bind.payeeAccountRequired' };
  return problems;
}

/** The request's fields of one kind, trimmed; a SWIFT code and an account without their spaces. */
export function bindFields(kind: 1 | 2, draft: BindDraft): Partial<BindDraft> {
  if (kind === DRAW_TYPE.coin) return { dc_address: draft.dc_address.trim() };
  return {
    bank_name: draft.bank_name.trim(),
    bank_address: draft.bank_address.trim(),
    bank_swift: draft.bank_swift.replace(/\s+/g, '').toUpperCase(),
    payee_name: draft.payee_name.trim(),
    payee_account: draft.payee_account.trim(),
  };
}
