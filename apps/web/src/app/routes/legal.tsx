import { LEGAL_KINDS, type LegalKind } from '@meridian/contract/legal';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { LegalTextView } from '../../features/auth/components/legal-acceptance';

function kindOf(value: string | null): LegalKind {
  return (LEGAL_KINDS as readonly string[]).includes(value ?? '') ? (value as LegalKind) : 'terms';
}

/**
 * /legal?kind=terms|risk&version=: the terms or the risk warning on a page of their own (the sign-up
 * form's links open them over the form; this is where such a link leads when opened in a new tab).
 */
export function LegalRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const version = Number(params.get('version'));
  return (
    <PageShell title={t('nav.legal')}>
      <LegalTextView kind={kind} version={Number.isSafeInteger(version) && version > 0 ? version : 0} />
    </PageShell>
  );
}
