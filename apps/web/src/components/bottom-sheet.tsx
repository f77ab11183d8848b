import { Popup, type PopupProps } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type BottomSheetProps = Pick<PopupProps, 'className' | 'bodyClassName' | 'destroyOnClose' | 'children'> & {
  open: boolean;
  onClose(): void;
};

/**
 * A sheet from the bottom that the mask or the back gesture closes, made afresh each time it opens
 * unless told otherwise (`destroyOnClose={false}` keeps the last content drawn while it slides
 * away). Each sheet loads its styles: bottom-sheet.css for the order-sheet classes, or its own.
 */
export function BottomSheet({ open, onClose, ...popup }: BottomSheetProps) {
  return (
    <Popup
      bodyClassName="order-sheet-body"
      destroyOnClose
      {...popup}
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
    />
  );
}

type SheetHeadProps = {
  titleId: string;
  title: ReactNode;
  onClose(): void;
  /** Shown between the title and the close button. */
  note?: ReactNode;
  /** The sheet's class names start with this: `-head`, `-title` (and `-content` in SheetDialog). */
  classPrefix?: string;
};

/** A sheet's title bar: its title and a close button. */
export function SheetHead({ titleId, title, onClose, note, classPrefix = 'order-sheet' }: SheetHeadProps) {
  const { t } = useTranslation();
  return (
    <div className={`${classPrefix}-head`}>
      <h2 className={`${classPrefix}-title`} id={titleId}>
        {title}
      </h2>
      {note}
      <button type="button" className="header-button" onClick={onClose} aria-label={t('common.close')}>
        <CloseOutline fontSize={20} />
      </button>
    </div>
  );
}

/** A sheet's content as a modal dialog named by its title bar. */
export function SheetDialog({
  children,
  ...head
}: Omit<SheetHeadProps, 'titleId'> & { children: ReactNode }) {
  const titleId = useId();
  return (
    <div
      className={`${head.classPrefix ?? 'order-sheet'}-content`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <SheetHead titleId={titleId} {...head} />
      {children}
    </div>
  );
}
