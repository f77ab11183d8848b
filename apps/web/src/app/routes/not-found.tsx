import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell title={t('nav.notFound')}>
      <ErrorBlock status="empty" title={t('errors.notFoundTitle')} description={t('errors.notFoundHint')}>
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          {t('common.home')}
        </Button>
      </ErrorBlock>
    </PageShell>
  );
}
