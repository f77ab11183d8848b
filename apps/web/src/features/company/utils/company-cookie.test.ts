import { describe, expect, it } from 'vitest';
import { companyCookieOf, companyIdFromCookies } from './company-cookie';

describe('company_id cookie (spec section 9)', () => {
  it('lasts three years for the whole site', () => {
    expect(companyCookieOf(3, false)).toBe('company_id=3; Max-Age=94608000; Path=/; SameSite=Lax');
    expect(companyCookieOf(3, true)).toMatch(/; Secure$/);
  });

  it('reads the id back among other cookies and ignores junk', () => {
    expect(companyIdFromCookies('a=1; company_id=7; b=2')).toBe(7);
    expect(companyIdFromCookies('company_id=x')).toBeNull();
    expect(companyIdFromCookies('company_id=-2')).toBeNull();
    expect(companyIdFromCookies('')).toBeNull();
  });
});
