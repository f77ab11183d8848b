import { WEB_LIMITS } from '../../../lib/limits';

const COOKIE_NAME = 'company_id';

/** Spec section 9: the chosen company's id is kept in a cookie for 3 years. */
export function companyCookieOf(id: number, secure: boolean): string {
  const parts = [
    `${COOKIE_NAME}=${id}`,
    `Max-Age=${WEB_LIMITS.companyCookieMaxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The stored company id, or null when none (or something that is not an id) is stored. */
export function companyIdFromCookies(cookies: string): number | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== COOKIE_NAME) continue;
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

export function readCompanyCookie(): number | null {
  return companyIdFromCookies(document.cookie);
}

export function writeCompanyCookie(id: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox, which customers use.
  document.cookie = companyCookieOf(id, window.location.protocol === 'https:');
}
