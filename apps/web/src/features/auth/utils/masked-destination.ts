import type { User } from '@meridian/contract/auth';

export type MaskedDestination = { channel: 'email' | 'mobile'; text: string };

/** Keeps the first character of an e-mail's local part and its whole domain: t•••@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Keeps the last four digits of a phone number: •••• 1234. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? mobile : `•••• ${mobile.slice(-4)}`;
}

/**
 * Where a code for the signed-in user goes, shown so they know where to look without the page
 * spelling out the whole address: the e-mail when the account has one, else the mobile number.
 */
export function maskedDestinationOf(user: User): MaskedDestination | null {
  if (user.email) return { channel: 'email', text: maskEmail(user.email) };
  if (user.mobile) {
    return { channel: 'mobile', text: [user.area_code, maskMobile(user.mobile)].filter(Boolean).join(' ') };
  }
  return null;
}
