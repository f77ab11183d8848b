import { z } from 'zod';
import { cacheBuster, positiveId, serverText } from './fields';
import { RealNameState } from './kyc';

/**
 * The customer's context in the back office's review drawers: deposits,
 * withdrawals and identity reviews show who they are deciding about. Behind the staff guard for
 * whoever may review (`funds.review` or `kyc.review`); audited as `customer.context_read`.
 *
 * - GET /admin/api/customers/context?user_id -> CustomerContext
 */

export const CustomerContextQuery = z.object({ user_id: positiveId(), t: cacheBuster });
export type CustomerContextQuery = z.infer<typeof CustomerContextQuery>;

/** One of the customer's latest deposits or withdrawals, as the drawers list them. */
export const CustomerContextRecord = z.object({
  id: z.number().int(),
  /** Deposits: the number reported in `currency`; withdrawals: the USDT taken from the balance. */
  number: serverText(),
  currency: serverText(),
  /** Deposits: USDT credited ('0' until credited); withdrawals: what the customer receives. */
  amount: serverText(),
  /** The spec's status: 0 waiting, 1 finished, 2 rejected, 3 invalid (deposits). */
  status: z.number().int(),
  /** ISO 8601. */
  created_at: serverText(),
});
export type CustomerContextRecord = z.infer<typeof CustomerContextRecord>;

export const CustomerContext = z.object({
  customer: z.object({
    id: z.number().int(),
    uid: serverText(),
    email: serverText(),
    mobile: serverText(),
    /** ISO 8601. */
    created_at: serverText(),
  }),
  identity_state: RealNameState,
  /** The real account's available and locked USDT; empty without an account. */
  balance: serverText(),
  lock_balance: serverText(),
  /** The latest few, newest first, with how many there are in all. */
  deposits: z.array(CustomerContextRecord),
  deposits_total: z.number().int(),
  withdrawals: z.array(CustomerContextRecord),
  withdrawals_total: z.number().int(),
});
export type CustomerContext = z.infer<typeof CustomerContext>;
