import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LazyErrorBlock } from '../../../components/lazy-error-block';

/** The instrument list failed to load and nothing is kept to show: the notice and a retry. */
export function MarketLoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <LazyErrorBlock
      status="disconnected"
      title={t('market.loadFailed')}
      description={t('market.loadFailedHint')}
    >
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </LazyErrorBlock>
  );
}
