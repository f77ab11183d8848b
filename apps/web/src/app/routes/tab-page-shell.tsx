import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import { HeaderActions } from '../layout/header-actions';
import type { RouteMeta } from '../route-meta';

/**
 * The title bar of a tab with prices (trade, orders, copy, ranking): no back button, the prices'
 * source on the left and the header actions on the right.
 */
export function TabPageShell({
  className,
  meta,
  children,
}: {
  className: string;
  meta: RouteMeta;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageShell
      className={className}
      title={t(meta.titleKey)}
      back={false}
      left={<PriceSourceLabel />}
      right={<HeaderActions />}
    >
      {children}
    </PageShell>
  );
}
