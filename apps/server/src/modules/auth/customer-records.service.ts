import type { CustomerSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { UserId } from '@meridian/domain/ids';
import type { DbOrTx } from '../../db/database';
import * as repository from './customer-records.repository';

// Customers as the back office reads and changes them (the customers area, through the front door).

export type { CustomerRecordRow } from './customer-records.repository';
export { lockCustomer, setLoginDisabledAt } from './customer-records.repository';

/** Separators people type in a phone number: spaces, dashes, dots, brackets, a leading plus. */
const PHONE_SEPARATORS = /[\s\-.()+]/g;

/**
 * What a typed search means, matched inside the stored values: the text, lower-case, in the
 * e-mail (stored lower-case), the uid and the customer's names; and, when what was typed is a
 * phone number (digits and separators: "+852 9123-4567"), its digits in the mobile number and the
 * uid. Nothing typed means every customer.
 */
function customerMatchOf(query: string): repository.CustomerMatch {
  const typed = query.trim();
  if (typed === '') return { text: null, mobileDigits: null };
  const digits = typed.replace(PHONE_SEPARATORS, '');
  return { text: typed.toLowerCase(), mobileDigits: /^\d+$/.test(digits) ? digits : null };
}

export async function searchCustomerRecords(
  db: DbOrTx,
  query: string,
  page: {
    offset: number;
    limit: number;
    sort?: { key: CustomerSortKey; order: SortOrder } | undefined;
  },
): Promise<{ rows: repository.CustomerRecordRow[]; total: number }> {
  return repository.searchCustomers(db, customerMatchOf(query), page);
}

export async function customerRecord(
  db: DbOrTx,
  id: UserId,
): Promise<repository.CustomerRecordRow | undefined> {
  return repository.findCustomerRecord(db, id);
}

/** The customer's sessions that still work: not ended, not expired. */
export async function liveSessionsOf(
  db: DbOrTx,
  userId: UserId,
  now: Date,
): Promise<repository.LiveSessionRow[]> {
  return repository.liveSessions(db, userId, now);
}
