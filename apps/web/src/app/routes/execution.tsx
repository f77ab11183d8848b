import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { ExecutionQuality } from '../../features/execution/components/execution-quality';

/** /execution: the public execution-quality report, no sign-in needed. */
export function ExecutionRoute() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('nav.execution')}>
      <ExecutionQuality />
    </PageShell>
  );
}
