import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import { isolated } from '../../../lib/bidi';
import { FollowForm, type FollowFormProps } from './follow-form';
import '../../../components/bottom-sheet.css';
import './follow.css';

type FollowSheetProps = Omit<FollowFormProps, 'onCancel'> & { open: boolean; onClose(): void };

/** The follow form in a sheet from the bottom, over the trader's profile; made afresh each time. */
export function FollowSheet({ open, onClose, ...form }: FollowSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      className="follow-sheet"
      bodyClassName="order-sheet-body"
      destroyOnClose
    >
      <div className="order-sheet-content" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="order-sheet-head">
          <h2 className="order-sheet-title" id={titleId}>
            {form.follow
              ? t('copy.form.editTitle')
              : t('copy.form.title', { name: isolated(form.traderName) })}
          </h2>
          <button type="button" className="header-button" onClick={onClose} aria-label={t('common.close')}>
            <CloseOutline fontSize={20} />
          </button>
        </div>
        <AreaErrorBoundary>{open && <FollowForm {...form} onCancel={onClose} />}</AreaErrorBoundary>
      </div>
    </Popup>
  );
}
