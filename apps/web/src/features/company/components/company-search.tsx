import type { Company } from '@meridian/contract/content';
import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useCompanies } from '../api/get-companies';
import { readCompanyCookie, writeCompanyCookie } from '../utils/company-cookie';
import { CompanyCard } from './company-card';
import { CompanyLogo } from './company-logo';
import './company-search.css';

const SKELETON_ROWS = 4;

/**
 * The group's companies a search finds by name (the /product page's search box, spec section 2;
 * all of them when nothing is typed); tapping one shows its info card
 * and remembers it (cookie `company_id`, 3 years), so the card is there on the next visit.
 */
export function CompanySearch({ search }: { search: string }) {
  const { t } = useTranslation();
  // Typing stays quick; the search follows the text once React has a moment.
  const name = useDeferredValue(search.trim());
  const companies = useCompanies(name);
  // Every company (a short list, at most 20): the remembered one is found even while searching.
  const allCompanies = useCompanies('');
  const [chosenId, setChosenId] = useState<number | null>(readCompanyCookie);
  const chosen = allCompanies.data?.find((company) => company.id === chosenId);

  const choose = (company: Company) => {
    setChosenId(company.id);
    writeCompanyCookie(company.id);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="company-search">
      {chosen && <CompanyCard company={chosen} />}
      {companies.isPending && (
        <SkeletonRows count={SKELETON_ROWS} className="company-skeleton">
          <Skeleton.Paragraph lineCount={2} animated />
        </SkeletonRows>
      )}
      {companies.isError && !companies.data && (
        <ErrorBlock
          status="disconnected"
          title={t('common.loadFailed')}
          description={t('common.loadFailedHint')}
        >
          <Button color="primary" fill="outline" onClick={() => void companies.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      )}
      {companies.data && companies.data.length === 0 && (
        <p className="company-empty">{t('company.noMatch')}</p>
      )}
      {companies.data && companies.data.length > 0 && (
        <List className="company-list">
          {companies.data.map((company) => (
            <List.Item
              key={company.id}
              prefix={<CompanyLogo src={company.logo} name={company.name} sizePx={36} />}
              description={company.subject}
              extra={company.id === chosenId ? <CheckOutline className="company-chosen" /> : undefined}
              onClick={() => choose(company)}
              arrow={company.id !== chosenId}
            >
              {company.name}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
