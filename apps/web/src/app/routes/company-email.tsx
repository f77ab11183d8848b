import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { useUserStore } from '../../features/auth/stores/user-store';
import { CompanyEmailCard } from '../../features/company/components/company-email-card';

/** /mine/email: the company's complaint e-mail. */
export function CompanyEmailRoute() {
  const { t } = useTranslation();
  const uid = useUserStore((state) => state.user?.uid);
  return (
    <PageShell title={t('nav.mineEmail')}>
      <CompanyEmailCard uid={uid} />
    </PageShell>
  );
}
