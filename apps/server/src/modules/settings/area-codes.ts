import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

/** Countries the service is not offered to (spec section 1): not offered at registration. */
const RESTRICTED_COUNTRIES: readonly string[] = ['KP', 'IL', 'CN', 'VU', 'CU'];

/**
 * Our main markets come first, in this order; the app preselects the second entry (spec section 2),
 * so that is the United States. The rest follow by English name.
 */
const FEATURED = ['HK', 'US', 'GB', 'SG', 'JP', 'KR', 'TW', 'TH', 'VN', 'MY', 'ID', 'PH', 'AU'];

/** A stable id from the two letters of the ISO code, so ids never move when the list grows. */
export function areaIdOf(code: string): number {
  const first = code.charCodeAt(0) - 65;
  const second = code.charCodeAt(1) - 65;
  return first * 26 + second + 1;
}

export function buildAreaCodeRows(): { id: number; code: string; globalCode: string; sort: number }[] {
  const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = getCountries().filter((code) => !RESTRICTED_COUNTRIES.includes(code));
  const rest = countries
    .filter((code) => !FEATURED.includes(code))
    .sort((a, b) => (englishNames.of(a) ?? a).localeCompare(englishNames.of(b) ?? b));
  return [...FEATURED, ...rest].map((code, index) => ({
    id: areaIdOf(code),
    code,
    globalCode: `+${getCountryCallingCode(code as Parameters<typeof getCountryCallingCode>[0])}`,
    sort: index + 1,
  }));
}
