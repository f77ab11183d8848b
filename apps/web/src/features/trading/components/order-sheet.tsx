import type { Instrument } from '@meridian/contract/market';
import type { Side } from '@meridian/domain/side';
import type { ReactNode } from 'react';
import { BottomSheet, SheetDialog } from '../../../components/bottom-sheet';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import { useBalance } from '../api/get-balance';
import type { OrderPricing } from '../utils/order-draft';
import { OrderForm } from './order-form';
import type { TopUp } from './order-preview-box';
import '../../../components/bottom-sheet.css';
import './order-form.css';

type OrderSheetProps = {
  /** The side pressed on the trade bar; null while closed. */
  side: Side | null;
  onClose(): void;
  instrument: Instrument;
  pricing: OrderPricing;
  feeType: number | undefined;
  topUp?: TopUp | undefined;
  /** Beside the title, before the close button (the prices' source, from the app). */
  headNote?: ReactNode;
};

/**
 * The order form in a sheet from the bottom of the trade page: the chart stays on the page above
 * it, and a phone screen holds the whole form without scrolling the page. Opened afresh each time.
 */
export function OrderSheet({
  side,
  onClose,
  instrument,
  pricing,
  feeType,
  topUp,
  headNote,
}: OrderSheetProps) {
  const balance = useBalance(side !== null);
  return (
    <BottomSheet open={side !== null} onClose={onClose} className="order-sheet">
      <SheetDialog title={<bdi>{instrument.ShowCode}</bdi>} note={headNote} onClose={onClose}>
        {/* The house rule: one boundary per area, so a fault in the form never blanks the chart. */}
        <AreaErrorBoundary>
          {side !== null && (
            <OrderForm
              instrument={instrument}
              pricing={pricing}
              initialSide={side}
              feeType={feeType}
              balance={balance.data?.balance}
              topUp={topUp}
              onPlaced={onClose}
            />
          )}
        </AreaErrorBoundary>
      </SheetDialog>
    </BottomSheet>
  );
}
