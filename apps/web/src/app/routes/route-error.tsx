import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Last line of defence: the shell itself failed to render; offers a reload, never a blank page. */
export function RouteErrorRoute() {
  const { t } = useTranslation();
  return (
    <div className="app-frame">
      <div className="app-column">
        <ErrorBlock
          status="default"
          title={t('errors.areaFailedTitle')}
          description={t('errors.areaFailedHint')}
        >
          <Button color="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      </div>
    </div>
  );
}
