import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What a failed area shows (AreaErrorBoundary's default), with a retry. */
export function AreaFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={t('errors.areaFailedTitle')} description={t('errors.areaFailedHint')}>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
