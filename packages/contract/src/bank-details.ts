import { serverText, text } from './fields';
import { LIMITS } from './limits';

/**
 * A bank account's details, the same five fields wherever money goes by wire: a customer's bound
 * withdrawal method and the platform's own wire accounts.
 */

/** As a request sends them; each may be absent (which are required depends on the call). */
export const bankDetailFields = () => ({
  bank_name: text(LIMITS.bankFieldLengthMax).optional(),
  bank_address: text(LIMITS.bankFieldLengthMax).optional(),
  bank_swift: text(LIMITS.bankSwiftLengthMax).optional(),
  payee_name: text(LIMITS.bankFieldLengthMax).optional(),
  payee_account: text(LIMITS.bankAccountLengthMax).optional(),
});

/** As an answer gives them; empty where the record has none (a coin method). */
export const bankDetailTexts = () => ({
  bank_name: serverText(),
  bank_address: serverText(),
  bank_swift: serverText(),
  payee_name: serverText(),
  payee_account: serverText(),
});
