import type { Instrument } from '@meridian/contract/market';
import { DotLoading } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/get-categories';
import { useTradeList } from '../api/get-trade-list';
import { useInstrumentNameSearch } from '../api/search-instruments';
import { filterInstruments } from '../utils/filter-instruments';
import { InstrumentRow } from './instrument-row';
import { InstrumentSkeleton } from './instrument-skeleton';
import { MarketLoadFailed } from './market-load-failed';
import './market.css';

/** Stand-in rows while the list loads: the section is one of two on its page. */
const SKELETON_ROWS = 3;

type InstrumentSearchResultsProps = {
  /** The text typed in the page's search box. */
  search: string;
  onOpen(instrument: Instrument): void;
};

/**
 * The instruments a search finds, as the trade page's drawer finds them (one matching for both:
 * codes at once on the device, names and aliases in every language through the server's
 * `searchCurrency`); the page gives them their heading. Nothing typed: a hint of what can be searched.
 */
export function InstrumentSearchResults({ search, onOpen }: InstrumentSearchResultsProps) {
  const { t } = useTranslation();
  const tradeList = useTradeList();
  const categories = useCategories();
  const nameSearch = useInstrumentNameSearch(search);
  const text = search.trim();
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.Id, category.NameShowTrans])),
    [categories.data],
  );
  const found = useMemo(
    () =>
      text === ''
        ? []
        : filterInstruments(tradeList.data ?? [], {
            categoryId: null,
            search: text,
            nameMatches: nameSearch.ids,
          }),
    [tradeList.data, text, nameSearch.ids],
  );

  let body: ReactNode;
  if (text === '') body = <p className="market-empty search-hint">{t('search.hint')}</p>;
  else if (tradeList.isError && !tradeList.data) {
    body = <MarketLoadFailed onRetry={() => void tradeList.refetch()} />;
  } else if (!tradeList.data) body = <InstrumentSkeleton rows={SKELETON_ROWS} />;
  else if (found.length === 0) {
    body = nameSearch.pending ? (
      <p className="market-empty" aria-busy="true">
        <DotLoading />
      </p>
    ) : (
      <p className="market-empty">{t('market.noMatch')}</p>
    );
  } else {
    body = (
      <div className="instrument-rows search-instrument-rows">
        {found.map((instrument) => (
          <InstrumentRow
            key={instrument.Id}
            instrument={instrument}
            categoryName={categoryNames.get(instrument.CategoryId)}
            showSparkline={false}
            onOpen={onOpen}
          />
        ))}
      </div>
    );
  }

  return <div className="instrument-search-results">{body}</div>;
}
