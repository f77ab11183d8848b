import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { LanguageList } from '../../features/language/components/language-list';
import { useGoBack } from '../../hooks/use-go-back';

export function LanguageRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageShell title={t('nav.language')}>
      <LanguageList onChosen={goBack} />
    </PageShell>
  );
}
