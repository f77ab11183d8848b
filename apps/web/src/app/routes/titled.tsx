import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { HeaderActions } from '../layout/header-actions';
import type { RouteMeta } from '../route-meta';

/**
 * A page whose content a later issue builds: its title bar only, with no stand-in content, so
 * nothing on screen pretends to be data.
 */
export function TitledRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  return (
    <PageShell title={t(meta.titleKey)} back={!meta.tab} right={meta.tab ? <HeaderActions /> : undefined} />
  );
}
