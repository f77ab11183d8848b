import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStateNotice } from '../../components/live-state-notice';
import { PageShell } from '../../components/page-shell';
import { SearchField } from '../../components/search-field';
import { CompanySearch } from '../../features/company/components/company-search';
import { InstrumentSearchResults } from '../../features/market/components/instrument-search-results';
import { useMarketDayFeed } from '../../features/market/hooks/use-market-day-feed';
import { useOpenInstrument } from './use-open-instrument';
import './providers.css';

/**
 * /product, home's magnifier (spec section 2: product/provider search and company info): one search
 * box over two sections, the instruments it finds (with live prices; a tap opens the trade page)
 * and the group's companies.
 */
export function ProvidersRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const instrumentsId = useId();
  const companiesId = useId();
  const openInstrument = useOpenInstrument();
  useMarketDayFeed();
  return (
    <PageShell className="providers-page" title={t('common.search')}>
      <LiveStateNotice />
      <SearchField
        className="product-search-bar"
        placeholder={t('search.placeholder')}
        label={t('search.placeholder')}
        value={search}
        onChange={setSearch}
      />
      <section className="search-section" data-section="instruments" aria-labelledby={instrumentsId}>
        <h2 className="search-section-heading" id={instrumentsId}>
          {t('search.instruments')}
        </h2>
        <InstrumentSearchResults search={search} onOpen={openInstrument} />
      </section>
      <section className="search-section" data-section="companies" aria-labelledby={companiesId}>
        <h2 className="search-section-heading" id={companiesId}>
          {t('company.listTitle')}
        </h2>
        <CompanySearch search={search} />
      </section>
    </PageShell>
  );
}
