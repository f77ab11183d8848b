/**
 * A price as a whole number of ticks (price x 10^precision), for ordering and comparing prices of
 * one instrument without decimals or binary floats: the engine keys its sorted index by it. The
 * conversion reads the decimal text digit by digit, so it is exact; a price with more places than
 * the precision is rounded in the direction the caller names, which keeps a comparison with a quote
 * (always at the precision) exact: bid <= 1.085004 exactly when bidTicks <= floor(108500.4), and
 * bid >= 1.085004 exactly when bidTicks >= ceil(108500.4).
 */
export type TickRounding = 'floor' | 'ceil' | 'exact';

/**
 * The largest key the index can hold exactly: ticks are JavaScript numbers, exact only up to 2^53 - 1,
 * and `priceToTicks` throws above it. The price rule (price-rule.ts) refuses any price whose ticks
 * would exceed it, so every price it accepts has a key.
 */
export const PRICE_TICKS_MAX = Number.MAX_SAFE_INTEGER;

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

export function priceToTicks(price: string, pricePrecision: number, rounding: TickRounding): number {
  const match = PLAIN_DECIMAL.exec(price.trim());
  if (!match || !Number.isInteger(pricePrecision) || pricePrecision < 0)
    throw new Error(`cannot read ${price} as a price at precision ${pricePrecision}`);
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, pricePrecision).padEnd(pricePrecision, '0');
  const dropped = fraction.slice(pricePrecision);
  const ticks = Number(whole + kept);
  if (!Number.isSafeInteger(ticks))
    throw new Error(`${price} is too large to index at ${pricePrecision} places`);
  if (/^0*$/.test(dropped)) return ticks;
  switch (rounding) {
    case 'floor':
      return ticks;
    case 'ceil':
      return ticks + 1;
    case 'exact':
      throw new Error(`${price} has more places than the precision ${pricePrecision}`);
    default: {
      const unknown: never = rounding;
      throw new Error(`unknown tick rounding ${String(unknown)}`);
    }
  }
}

/** Plain decimal text only: digits, and digits after a point (no sign, exponent, spaces or bare point). */
const PLAIN_PRICE = /^(\d+)(?:\.(\d+))?$/;

/**
 * The ticks of plain decimal text rounded half up to the precision, read digit by digit without a
 * decimal object (a feed's quotes arrive thousands a second, nearly all in this form); undefined
 * for any other text, or ticks beyond PRICE_TICKS_MAX, which the caller reads the slow, general way.
 * For text it answers, `ticksToPrice` of the result equals `formatPrice(text, pricePrecision)`.
 */
export function plainPriceTicks(text: string, pricePrecision: number): number | undefined {
  const match = PLAIN_PRICE.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  let ticks = Number((match[1] ?? '') + fraction.slice(0, pricePrecision).padEnd(pricePrecision, '0'));
  // Half up: the first dropped digit decides (5 and above is at least half a step).
  if (fraction.length > pricePrecision && fraction.charCodeAt(pricePrecision) >= 53) ticks += 1;
  return Number.isSafeInteger(ticks) ? ticks : undefined;
}

/** Whole ticks as price text at the precision (`123456`, 2 → `1234.56`), as formatPrice writes it. */
export function ticksToPrice(ticks: number, pricePrecision: number): string {
  const digits = String(ticks).padStart(pricePrecision + 1, '0');
  if (pricePrecision === 0) return digits;
  return `${digits.slice(0, -pricePrecision)}.${digits.slice(-pricePrecision)}`;
}
