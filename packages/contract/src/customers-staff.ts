import { z } from 'zod';
import { Follow } from './copy';
import { cacheBuster, multilineText, positiveId, requiredText, serverText, text } from './fields';
import { StaffActorRef } from './funds-staff';
import { RealNameState } from './kyc';
import { StaffLegalAcceptance } from './legal';
import { LIMITS } from './limits';
import { CustomerLedgerSortKey, CustomerOrderSortKey, CustomerSortKey, listSortFields } from './list-sort';
import { pageOf, pagingFields } from './paging';
import { rowRequest } from './row-request';
import { accountFigureTexts, Order } from './trading';

/**
 * The back office's customers, under /admin/api behind the staff guard. Reading needs
 * `customers.read`, a note `customers.note`, the login actions `customers.manage`. Every call,
 * reads included, is written to the audit log (a customer's page as `customer.view`).
 *
 * - GET  /admin/api/customers/search?q&page&limit   -> CustomerSearchPage  newest first; q: part
 *        of a uid, an e-mail (any case), a name (real or trader name) or a mobile number (its
 *        digits, with or without the calling code); without q, every customer
 * - GET  /admin/api/customers/detail?id             -> CustomerDetail
 * - GET  /admin/api/customers/ledger?id&account_id&page&limit -> CustomerLedgerPage (newest first)
 * - GET  /admin/api/customers/orders?id&status&page&limit     -> CustomerOrdersPage
 *   (both also take `sort`, `order` and `export=1`, as every paginated staff list: list-sort.ts)
 * - GET  /admin/api/customers/notes?id              -> CustomerNoteList (newest first)
 * - POST /admin/api/customers/notes/add {id, body}  -> CustomerNote
 * - POST /admin/api/customers/disable {id, reason}  -> CustomerLoginState  ends every session too
 * - POST /admin/api/customers/enable {id}           -> CustomerLoginState
 * - POST /admin/api/customers/revoke_sessions {id}  -> CustomerLoginState
 */

export const CustomerSearchQuery = z.object({
  q: text(LIMITS.customerSearchLengthMax).optional(),
  ...pagingFields(LIMITS.customerSearchPageSizeDefault),
  ...listSortFields(CustomerSortKey),
  t: cacheBuster,
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuery>;

/** A customer as a search result and as the head of their page. */
export const CustomerSummary = z.object({
  id: z.number().int(),
  uid: serverText(),
  email: serverText(),
  /** With its area code (`+852 91234567`); empty without one. */
  mobile: serverText(),
  is_demo: z.boolean(),
  /** ISO 8601. */
  created_at: serverText(),
  /** ISO 8601; empty while the customer may log in. */
  login_disabled_at: serverText(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CustomerSearchPage = pageOf(CustomerSummary);
export type CustomerSearchPage = z.infer<typeof CustomerSearchPage>;

export const CustomerIdQuery = rowRequest({});
export type CustomerIdQuery = z.infer<typeof CustomerIdQuery>;

/** A trading account and its buckets (USDT, exact decimal texts). */
export const CustomerAccount = z.object({
  account_id: z.number().int(),
  mode: z.enum(['real', 'demo']),
  currency: serverText(),
  ...accountFigureTexts(),
  /** Percent; empty without open positions. */
  risk_rate: serverText(),
});
export type CustomerAccount = z.infer<typeof CustomerAccount>;

/** The customer's newest real-name submission (state `none` without any), ID number in full. */
export const CustomerIdentity = z.object({
  state: RealNameState,
  name: serverText(),
  card_id: serverText(),
  reason: serverText(),
  /** ISO 8601; empty when not sent or not reviewed. */
  submitted_at: serverText(),
  reviewed_at: serverText(),
});
export type CustomerIdentity = z.infer<typeof CustomerIdentity>;

/** A session that can still be used (not ended, not expired). */
export const CustomerSession = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: serverText(),
  last_seen_at: serverText(),
  expires_at: serverText(),
  address: serverText(),
  /** The device's user agent as it sent it. */
  device: serverText(),
});
export type CustomerSession = z.infer<typeof CustomerSession>;

export const CustomerDetail = z.object({
  customer: CustomerSummary.extend({ language: serverText() }),
  accounts: z.array(CustomerAccount),
  identity: CustomerIdentity,
  follows: z.array(Follow),
  sessions: z.array(CustomerSession),
  /** The terms and the risk warning the customer accepted at sign-up. */
  legal: z.array(StaffLegalAcceptance),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CustomerLedgerQuery = z.object({
  id: positiveId(),
  /** Absent: the customer's (only) account. */
  account_id: positiveId().optional(),
  ...pagingFields(LIMITS.ledgerPageSizeDefault),
  t: cacheBuster,
  ...listSortFields(CustomerLedgerSortKey),
});
export type CustomerLedgerQuery = z.infer<typeof CustomerLedgerQuery>;

/** An entry of the available balance, its memo in the staff member's language. */
export const CustomerLedgerEntry = z.object({
  id: z.number().int(),
  amount: serverText(),
  balance_after: serverText(),
  kind: serverText(),
  memo: serverText(),
  order_id: z.number().int().nullable(),
  /** ISO 8601. */
  created_at: serverText(),
});

export const CustomerLedgerPage = z.object({
  account_id: z.number().int(),
  list: z.array(CustomerLedgerEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CustomerLedgerPage = z.infer<typeof CustomerLedgerPage>;

export const CustomerOrdersQuery = z.object({
  id: positiveId(),
  /** Absent: open positions. */
  status: z
    .enum(['holding', 'pending', 'history'], { error: 'validation.invalid_choice' })
    .default('holding'),
  ...pagingFields(LIMITS.orderPageSizeDefault),
  t: cacheBuster,
  ...listSortFields(CustomerOrderSortKey),
});
export type CustomerOrdersQuery = z.infer<typeof CustomerOrdersQuery>;

/** Orders as the customer's own list shows them (marked at the live price while open). */
export const CustomerOrdersPage = pageOf(Order);
export type CustomerOrdersPage = z.infer<typeof CustomerOrdersPage>;

export const CustomerNote = z.object({
  id: z.number().int(),
  body: serverText(),
  staff: StaffActorRef,
  /** ISO 8601. */
  created_at: serverText(),
});
export type CustomerNote = z.infer<typeof CustomerNote>;

export const CustomerNoteList = z.object({ list: z.array(CustomerNote) });
export type CustomerNoteList = z.infer<typeof CustomerNoteList>;

export const AddCustomerNoteRequest = rowRequest({
  body: multilineText(LIMITS.customerNoteLengthMax).min(1, { error: 'validation.required' }),
});
export type AddCustomerNoteRequest = z.infer<typeof AddCustomerNoteRequest>;

export const DisableLoginRequest = rowRequest({
  reason: requiredText(LIMITS.loginDisableReasonLengthMax),
});
export type DisableLoginRequest = z.infer<typeof DisableLoginRequest>;

export const CustomerIdRequest = rowRequest({});
export type CustomerIdRequest = z.infer<typeof CustomerIdRequest>;

/** After a login action: whether the customer may log in, and how many sessions it ended. */
export const CustomerLoginState = z.object({
  id: z.number().int(),
  /** ISO 8601; empty while the customer may log in. */
  login_disabled_at: serverText(),
  sessions_ended: z.number().int(),
});
export type CustomerLoginState = z.infer<typeof CustomerLoginState>;
