import { z } from 'zod';

/**
 * Server-side sorting and CSV export of the back office's paginated lists.
 *
 * Every paginated staff list call takes `sort` (one of its list's column keys below, nothing else)
 * and `order` (`asc` | `desc`, default `asc` when a sort is given). Without `sort` a list keeps its
 * own order (work queues oldest first, history newest first). The server orders by the key's column
 * and then by the row's id in the same direction, so equal values keep one order and pages never
 * repeat or skip a row. An unknown key or order is refused (code 0, `validation.invalid_choice`).
 *
 * `export=1` answers the whole filtered, sorted list from its first row, up to
 * LIMITS.listExportRowsMax rows (`page` and `limit` are ignored; the answer's `total` says how many
 * there are, so `list.length < total` means it was cut), and is audited as `staff.list_export`.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Each list's sortable columns: the only keys its call accepts. */
export const DepositSortKey = z.enum(
  ['id', 'customer', 'number', 'amount', 'status', 'created_at', 'reviewed_at'],
  {
    error: 'validation.invalid_choice',
  },
);
export type DepositSortKey = z.infer<typeof DepositSortKey>;
export const WithdrawalSortKey = z.enum(
  ['id', 'customer', 'number', 'fee', 'real_number', 'status', 'created_at', 'reviewed_by'],
  { error: 'validation.invalid_choice' },
);
export const AuditSortKey = z.enum(['id', 'at', 'staff', 'action', 'target', 'address'], {
  error: 'validation.invalid_choice',
});
export type AuditSortKey = z.infer<typeof AuditSortKey>;
export type WithdrawalSortKey = z.infer<typeof WithdrawalSortKey>;
export const CustomerSortKey = z.enum(
  ['id', 'uid', 'email', 'mobile', 'is_demo', 'created_at', 'login_disabled_at'],
  {
    error: 'validation.invalid_choice',
  },
);
export type CustomerSortKey = z.infer<typeof CustomerSortKey>;
export const SubmissionSortKey = z.enum(['id', 'customer', 'submitted_at', 'state'], {
  error: 'validation.invalid_choice',
});
export type SubmissionSortKey = z.infer<typeof SubmissionSortKey>;
export const ProposalSortKey = z.enum(['id', 'kind', 'proposer', 'state', 'created_at', 'expires_at'], {
  error: 'validation.invalid_choice',
});
export type ProposalSortKey = z.infer<typeof ProposalSortKey>;
export const ConversationSortKey = z.enum(['id', 'customer', 'unread', 'last_message_at', 'closed_at'], {
  error: 'validation.invalid_choice',
});
export type ConversationSortKey = z.infer<typeof ConversationSortKey>;

/** A customer's ledger tab (the memo is in the reader's language, so it has no key). */
export const CustomerLedgerSortKey = z.enum(
  ['id', 'created_at', 'kind', 'amount', 'balance_after', 'order_id'],
  {
    error: 'validation.invalid_choice',
  },
);
export type CustomerLedgerSortKey = z.infer<typeof CustomerLedgerSortKey>;

/** The outbox viewer (`at` is when the message's cause happened; ties, and no sort, by the order rows were written). */
export const OutboxSortKey = z.enum(['at', 'channel', 'to', 'status', 'attempts', 'sent_at'], {
  error: 'validation.invalid_choice',
});
export type OutboxSortKey = z.infer<typeof OutboxSortKey>;

/**
 * A customer's orders tab (one of holding, pending, history): `price` is the mark price of a live
 * order and the close price of an ended one, `profit` the floating or the realised profit, `time`
 * the close, else the open, else the placing time, as the tab's columns show them.
 */
export const CustomerOrderSortKey = z.enum(
  ['id', 'instrument', 'side', 'lots', 'open_price', 'price', 'margin', 'profit', 'state', 'time'],
  { error: 'validation.invalid_choice' },
);
export type CustomerOrderSortKey = z.infer<typeof CustomerOrderSortKey>;

/**
 * News and announcements, one row a story: its title as the list shows it (the default version's,
 * else the English one's, else the first language's), its latest date, how many languages it has
 * and its name. The category's name is in the reader's language, so it has no key.
 */
export const StorySortKey = z.enum(['title', 'published_at', 'languages', 'slug'], {
  error: 'validation.invalid_choice',
});
export type StorySortKey = z.infer<typeof StorySortKey>;

/** The fields a paginated staff list call adds for its sort keys. */
export function listSortFields<Keys extends z.ZodEnum>(keys: Keys) {
  return {
    sort: keys.optional(),
    order: z.enum(SORT_ORDERS, { error: 'validation.invalid_choice' }).optional(),
    /** "1": the whole list for a CSV file (see above); "0" or absent: one page. */
    export: z.enum(['0', '1'], { error: 'validation.invalid_choice' }).optional(),
  };
}

/** A list's sort as the client holds it (the table's header). */
export type ListSort<Key extends string = string> = { sort: Key; order: SortOrder };
