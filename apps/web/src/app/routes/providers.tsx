import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { CompanySearch } from '../../features/company/components/company-search';

/** /product: provider (group company) search and company info (spec section 2). */
export function ProvidersRoute() {
  const { t } = useTranslation();
  return (
    <PageShell className="providers-page" title={t('nav.product')}>
      <CompanySearch />
    </PageShell>
  );
}
