import { type DecimalInput, PLACES, roundDown, toDecimal } from './money';
import { roundTo } from './rounding';

/**
 * A withdrawal's figures (spec section 9, ARCHITECTURE.md "Funds rules"), computed once here and
 * used by the server (what is stored and paid) and by the web form (the expected amount shown as the
 * customer types):
 * - fee, in USDT: fee_type 1 is a fixed fee of `draw_rate` USDT; any other fee_type is
 *   number x draw_rate, rounded up to the 8 places the ledger keeps (never under the rate);
 * - receive, in the currency paid: (number - fee) x usd_price, 2 places rounded down (the customer
 *   is never promised a cent more than is paid), and 0 when the fee takes it all.
 * `usd_price` is the currency's units per USDT (USDT 1, HKD 7.8).
 */
export type WithdrawFeeType = 'fixed' | 'rate';

/** The spec's fee_type: 1 fixed, anything else a rate of the number. */
export function withdrawFeeTypeOf(feeType: number): WithdrawFeeType {
  return feeType === 1 ? 'fixed' : 'rate';
}

export type WithdrawTerms = { feeType: WithdrawFeeType; drawRate: DecimalInput; usdPrice: DecimalInput };

export type WithdrawFigures = {
  /** USDT, at most 8 places. */
  fee: string;
  /** In the currency paid, exactly 2 places, never negative. */
  receive: string;
};

export function withdrawFee(
  number: DecimalInput,
  terms: Pick<WithdrawTerms, 'feeType' | 'drawRate'>,
): string {
  const rate = toDecimal(terms.drawRate);
  if (rate.isNegative())
    throw new Error(`a withdraw currency's draw_rate cannot be negative: ${rate.toFixed()}`);
  if (terms.feeType === 'fixed') return rate.toFixed();
  return roundTo(toDecimal(number).times(rate), PLACES.stored, 'ceil').toFixed();
}

export function withdrawFigures(number: DecimalInput, terms: WithdrawTerms): WithdrawFigures {
  const price = toDecimal(terms.usdPrice);
  if (!price.gt(0)) throw new Error(`a withdraw currency's usd_price must be positive: ${price.toFixed()}`);
  const fee = withdrawFee(number, terms);
  const left = toDecimal(number).minus(fee);
  const receive = left.gt(0)
    ? roundDown(left.times(price), PLACES.receive)
    : toDecimal(0).toFixed(PLACES.receive);
  return { fee, receive };
}

/**
 * What approving a deposit credits by default, in USDT: number x the currency's USD value per unit,
 * 2 places rounded down (the reviewer may correct it, with a reason).
 */
export function depositCredit(number: DecimalInput, usdPerUnit: DecimalInput): string {
  return roundDown(toDecimal(number).times(usdPerUnit), PLACES.balanceShown);
}

/** A money text with at least 2 places and no needless zeros beyond them ("1.5" -> "1.50", "0.12345000" -> "0.12345"). */
export function moneyText(value: DecimalInput): string {
  const decimal = toDecimal(value);
  return decimal.decimalPlaces() <= 2 ? decimal.toFixed(2) : decimal.toFixed();
}
