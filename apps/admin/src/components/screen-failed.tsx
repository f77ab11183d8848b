import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a screen that failed to draw shows, inside the shell (the menu still works), with a retry. */
export function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      className="screen-failed"
      title={t('shell.screenFailed')}
      subTitle={t('shell.screenFailedHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      }
    />
  );
}
