import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './funds.css';

type Loadable = { isPending: boolean; isError: boolean; refetch(): Promise<unknown> };

/**
 * A part of a funds page that waits for server data: skeleton lines while it loads, a retry when it
 * failed, the content once it is there (a failed refresh of data already shown keeps the data).
 */
export function LoadState({
  query,
  hasData,
  children,
  lines = 4,
}: {
  query: Loadable;
  hasData: boolean;
  children: ReactNode;
  lines?: number;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="funds-skeleton" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    );
  }
  if (query.isError && !hasData) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('common.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  return <>{children}</>;
}
