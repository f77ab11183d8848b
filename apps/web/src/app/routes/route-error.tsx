import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last line of defence: a route that failed to load or render offers a reload, never a blank page. */
export function RouteErrorRoute() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
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
