import type { Follow } from '@meridian/contract/copy';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetDialog } from '../../../components/bottom-sheet';
import { useDateFormat } from '../../../hooks/use-date-format';
import { isolated } from '../../../lib/bidi';
import { useCopySkips } from '../api/get-copy-skips';
import '../../../components/bottom-sheet.css';
import './trader-profile.css';
import './follow.css';

function SkipList({ followId }: { followId: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const skips = useCopySkips(followId);
  let body: ReactNode;
  if (skips.isPending) body = <Skeleton.Paragraph animated lineCount={4} />;
  else if (skips.isError) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('copy.skips.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void skips.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (skips.data.length === 0) body = <p className="copy-card-empty">{t('copy.skips.empty')}</p>;
  else {
    body = (
      <ul className="skip-rows">
        {skips.data.map((skip) => (
          <li
            key={`${skip.source_order_id}-${skip.created_at}`}
            className="skip-row"
            data-reason={skip.reason_key}
          >
            <span className="skip-row-head">
              <bdi className="skip-row-code">{skip.ShowCode}</bdi>
              <span className="skip-row-time">{dates.dateTime(new Date(skip.created_at).toISOString())}</span>
            </span>
            {/* The server writes the reason in the reader's language (the lang header). */}
            <span className="skip-row-reason">{skip.reason}</span>
          </li>
        ))}
      </ul>
    );
  }
  return <div className="skip-list">{body}</div>;
}

/**
 * The trader's orders a follow did not copy, and why (below the minimum lots, not covered by the
 * balance...), in a sheet from the bottom. Null closes it.
 */
export function FollowSkipsPopup({ follow, onDismiss }: { follow: Follow | null; onDismiss(): void }) {
  const { t } = useTranslation();
  const shown = useRef<Follow | null>(null);
  if (follow) shown.current = follow;
  const content = follow ?? shown.current;
  return (
    <BottomSheet open={follow !== null} onClose={onDismiss} className="skips-popup">
      {content && (
        <SheetDialog
          title={t('copy.skips.title', { name: isolated(content.trader_name) })}
          onClose={onDismiss}
        >
          <p className="skip-intro">{t('copy.skips.intro')}</p>
          <SkipList followId={content.id} />
        </SheetDialog>
      )}
    </BottomSheet>
  );
}
