import { LIMITS } from '@meridian/contract/limits';
import type { DbOrTx } from '../../db/database';
import * as repository from './customer-records.repository';
import { normalizeEmail } from './identifiers';

// Customers as the back office reads and changes them (the customers area, through the front door).

export type { CustomerRecordRow, LiveSessionRow } from './customer-records.repository';
export { lockCustomer, setLoginDisabledAt } from './customer-records.repository';

/** Separators people type in a phone number: spaces, dashes, dots, brackets, a leading plus. */
const PHONE_SEPARATORS = /[\s\-.()+]/g;
/** A mobile number's digits, with room for a calling code before them. */
const MOBILE_DIGITS_MAX = LIMITS.mobileDigitsMax + 4;

/**
 * What a typed search means: an e-mail when it has an @ (matched without case), else its digits,
 * matched as an exact uid and as a mobile number (with or without the calling code or the trunk 0).
 * Anything else matches nobody.
 */
export function customerMatchOf(query: string): repository.CustomerMatch {
  const typed = query.trim();
  if (typed.includes('@')) return { uid: null, email: normalizeEmail(typed), mobileDigits: null };
  const digits = typed.replace(PHONE_SEPARATORS, '');
  if (!/^\d+$/.test(digits)) return { uid: null, email: null, mobileDigits: null };
  return {
    uid: digits.length === LIMITS.uidDigits ? digits : null,
    email: null,
    mobileDigits:
      digits.length >= LIMITS.mobileDigitsMin && digits.length <= MOBILE_DIGITS_MAX ? digits : null,
  };
}

export async function searchCustomerRecords(
  db: DbOrTx,
  query: string,
  page: { offset: number; limit: number },
): Promise<{ rows: repository.CustomerRecordRow[]; total: number }> {
  return repository.searchCustomers(db, customerMatchOf(query), page);
}

export async function customerRecord(
  db: DbOrTx,
  id: number,
): Promise<repository.CustomerRecordRow | undefined> {
  return repository.findCustomerRecord(db, id);
}

/** The customer's sessions that still work: not ended, not expired. */
export async function liveSessionsOf(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<repository.LiveSessionRow[]> {
  return repository.liveSessions(db, userId, now);
}
