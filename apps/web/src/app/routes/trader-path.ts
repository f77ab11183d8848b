/** The trader profile's route (/rank/trader?id=), opened from the ranking and from /copy. */
export const TRADER_PATH = '/rank/trader';

export function traderPath(traderId: number): string {
  return `${TRADER_PATH}?id=${traderId}`;
}

/** The id in the profile's address; null when it is not a positive whole number. */
export function traderIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}
