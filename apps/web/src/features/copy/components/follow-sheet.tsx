import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetDialog } from '../../../components/bottom-sheet';
import { AreaErrorBoundary } from '../../../components/error-boundary';
import { isolated } from '../../../lib/bidi';
import { FollowForm, type FollowFormProps } from './follow-form';
import '../../../components/bottom-sheet.css';
import './follow.css';

type FollowSheetProps = Omit<FollowFormProps, 'onCancel'> & { open: boolean; onClose(): void };

/** The follow form in a sheet from the bottom, over the trader's profile; made afresh each time. */
export function FollowSheet({ open, onClose, ...form }: FollowSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheet open={open} onClose={onClose} className="follow-sheet">
      <SheetDialog
        title={
          form.follow ? t('copy.form.editTitle') : t('copy.form.title', { name: isolated(form.traderName) })
        }
        onClose={onClose}
      >
        <AreaErrorBoundary>{open && <FollowForm {...form} onCancel={onClose} />}</AreaErrorBoundary>
      </SheetDialog>
    </BottomSheet>
  );
}
