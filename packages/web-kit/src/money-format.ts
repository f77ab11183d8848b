import type { Language } from '@meridian/contract/languages';
import { formatDecimal } from './number-format';

/** Places a currency is shown with when the record does not say (USDT, USD and the like). */
export const MONEY_PLACES_DEFAULT = 2;

/**
 * An amount sent by the server as decimal text, rounded half up once to `places` on the text (no
 * binary float) and written in the reader's language: "99896.27335" at 2 places is "99,896.27" in
 * English, "99.896,27" in German. Text that is not a decimal is shown as it is.
 */
export function formatMoneyText(amount: string, places: number, language: Language): string {
  return formatDecimal(amount, { places, language });
}

/**
 * An amount with its sign always written, for profits and ledger moves: "+12.50", "-0.25", and
 * "0.00" without a sign. The sign is taken after rounding, so -0.001 at 2 places is "0.00".
 */
export function formatSignedMoney(amount: string, places: number, language: Language): string {
  return formatDecimal(amount, { places, sign: 'always', language });
}

export type PlacesRange = { minPlaces: number; maxPlaces: number };

/**
 * The places money in a currency is shown with: exactly the currency's places when it has cents
 * (2 for USDT), up to its places otherwise ("0.0012 BTC" rather than "0.00120000 BTC").
 */
export function currencyPlaces(places: number = MONEY_PLACES_DEFAULT): PlacesRange {
  return { minPlaces: Math.min(places, MONEY_PLACES_DEFAULT), maxPlaces: places };
}
