import type { StaffAccount } from '@meridian/contract/back-office';

/**
 * Where a staff account's enrolment stands: done, a link still open (until it expires), or neither
 * (a new link is needed).
 */
export function enrolmentState(
  account: Pick<StaffAccount, 'enrolled' | 'enrolment_expires_at'>,
  now: number,
): 'enrolled' | 'linkOpen' | 'notEnrolled' {
  if (account.enrolled) return 'enrolled';
  if (account.enrolment_expires_at && new Date(account.enrolment_expires_at).getTime() > now)
    return 'linkOpen';
  return 'notEnrolled';
}
