import { PLACES, toDecimal } from './money';
import { roundTo } from './rounding';
import { type Lots, type Money, moneyAt } from './trade-values';

/**
 * Trade fee (spec section 9), charged once when an order opens (reserved with the margin when a
 * pending order is placed, refunded if it is cancelled); closing costs nothing more.
 * - trade_fee_type 1 ('perLot'): the instrument's ForexFeeRate x lots, a commission per lot in the
 *   account currency;
 * - any other value ('ofMargin'): ForexFeeRate x margin, the rate being a fraction (0.001 = 0.1 %).
 * Rounded half up to 6 places, the places of margin and profit, so fee and margin add up exactly.
 */
export type TradeFeeType = 'perLot' | 'ofMargin';

export function tradeFeeTypeOf(wireTradeFeeType: number): TradeFeeType {
  return wireTradeFeeType === 1 ? 'perLot' : 'ofMargin';
}

export const FEE_PLACES = PLACES.margin;

export type TradeFeeInput = { feeType: TradeFeeType; feeRate: string; lots: Lots; margin: Money };

export function tradeFee({ feeType, feeRate, lots, margin }: TradeFeeInput): Money {
  const rate = toDecimal(feeRate);
  if (rate.isNegative()) throw new Error(`a fee rate cannot be negative, got ${feeRate}`);
  switch (feeType) {
    case 'perLot':
      return moneyAt(roundTo(rate.times(toDecimal(lots)), FEE_PLACES, 'halfUp'), FEE_PLACES);
    case 'ofMargin':
      return moneyAt(roundTo(rate.times(toDecimal(margin)), FEE_PLACES, 'halfUp'), FEE_PLACES);
    default: {
      const unknown: never = feeType;
      throw new Error(`unknown fee type ${String(unknown)}`);
    }
  }
}
