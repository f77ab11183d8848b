import type { Instrument } from '@meridian/contract/market';
import type { Side } from '@meridian/domain/side';
import { useBasicInfo } from '../../features/settings/api/get-basic-info';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import type { TopUp } from '../../features/trading/components/order-preview-box';
import { OrderSheet } from '../../features/trading/components/order-sheet';
import { useOrderPricing } from './trade-pricing';

type TradeOrderSheetProps = {
  side: Side | null;
  onClose: () => void;
  instrument: Instrument;
  instruments: readonly Instrument[];
  topUp?: TopUp | undefined;
};

/**
 * The phone's order sheet with what only it needs: the pricing with its currency conversion (the
 * money arithmetic) and the fee rule of the base settings. Its own chunk, loaded after the trade
 * page has drawn its price and chart (trade.tsx).
 */
export function TradeOrderSheet({ side, onClose, instrument, instruments, topUp }: TradeOrderSheetProps) {
  const basicInfo = useBasicInfo();
  const pricing = useOrderPricing(instrument, instruments);
  if (!pricing) return null;
  return (
    <OrderSheet
      side={side}
      onClose={onClose}
      instrument={instrument}
      pricing={pricing}
      feeType={basicInfo.data?.trade_fee_type}
      topUp={topUp}
      headNote={<PriceSourceLabel className="order-sheet-source" />}
    />
  );
}
