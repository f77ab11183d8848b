import type { Instrument } from '@meridian/contract/market';
import type { Side } from '@meridian/domain/side';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const titleId = useId();
  const balance = useBalance(side !== null);
  return (
    <Popup
      visible={side !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      className="order-sheet"
      bodyClassName="order-sheet-body"
      destroyOnClose
    >
      <div className="order-sheet-content" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="order-sheet-head">
          <h2 className="order-sheet-title" id={titleId}>
            <bdi>{instrument.ShowCode}</bdi>
          </h2>
          {headNote}
          <button type="button" className="header-button" onClick={onClose} aria-label={t('common.close')}>
            <CloseOutline fontSize={20} />
          </button>
        </div>
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
      </div>
    </Popup>
  );
}
