import type { Company } from '@meridian/contract/content';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CompanyLogo } from './company-logo';
import './company-search.css';

/** Only web addresses become links; anything else is shown as text. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The company info of spec section 3: main company, website, registered address, office address
 * and contact e-mail, under the company's name and what it does (`subject`).
 */
export function CompanyCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  return (
    <section className="company-card" aria-label={t('company.info')}>
      <header className="company-card-header">
        <CompanyLogo src={company.logo} name={company.name} sizePx={48} />
        <div className="company-card-names">
          <h2 className="company-card-name">{company.name}</h2>
          {company.subject && <p className="company-card-subject">{company.subject}</p>}
        </div>
      </header>
      <List className="company-facts">
        <List.Item description={company.name}>{t('company.mainCompany')}</List.Item>
        {company.url && (
          <List.Item
            description={
              isWebAddress(company.url) ? (
                <a href={company.url} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {company.url.replace(/^https?:\/\//i, '')}
                </a>
              ) : (
                <bdi>{company.url}</bdi>
              )
            }
          >
            {t('company.website')}
          </List.Item>
        )}
        {company.registered_address && (
          <List.Item description={company.registered_address}>{t('company.registeredAddress')}</List.Item>
        )}
        {company.location && (
          <List.Item description={company.location}>{t('company.officeAddress')}</List.Item>
        )}
        {company.email && (
          <List.Item
            description={
              <a href={`mailto:${company.email}`} dir="ltr">
                {company.email}
              </a>
            }
          >
            {t('company.contactEmail')}
          </List.Item>
        )}
      </List>
    </section>
  );
}
