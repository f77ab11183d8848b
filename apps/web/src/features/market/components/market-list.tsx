import type { Instrument } from '@meridian/contract/market';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../hooks/use-after-first-paint';
import { useCategories } from '../api/get-categories';
import { useSparklines } from '../api/get-sparklines';
import { useTradeList } from '../api/get-trade-list';
import { useInstrumentNameSearch } from '../api/search-instruments';
import { filterInstruments } from '../utils/filter-instruments';
import { CategoryChips } from './category-chips';
import { InstrumentRow } from './instrument-row';
import { InstrumentSkeleton } from './instrument-skeleton';
import { MarketLoadFailed } from './market-load-failed';
import './market.css';

/**
 * The rows drawn in the first render: a phone's screen shows about ten (64 px each under the header,
 * notice and chips); the rest follow once the browser is idle, which halves the list's share of the
 * page's first long task on a slow phone. Rows added below the fold move nothing on screen.
 */
const FIRST_ROWS = 12;

type MarketListProps = {
  onOpen(instrument: Instrument): void;
  /** Text the rows must match (the desktop's quotes panel has a search box above the list). */
  search?: string;
  /** The instrument on screen beside the list, marked as such. */
  currentId?: number | null;
  /** The sparklines; the desktop's narrow quotes panel leaves them out. */
  showSparkline?: boolean;
  /** The desktop home's table: bid, ask, spread, change, high and low in columns. */
  table?: boolean;
};

/** The home market list: category chips, then a row per instrument with its live price. */
export function MarketList({
  onOpen,
  search = '',
  currentId = null,
  showSparkline = true,
  table = false,
}: MarketListProps) {
  const { t } = useTranslation();
  const tradeList = useTradeList();
  const categories = useCategories();
  const sparklines = useSparklines();
  // The answers are drawn in a deferred render: React renders it in slices of a few milliseconds
  // between the browser's frames and ticks, not in one long task when an answer lands (TanStack
  // Query's update is otherwise urgent, the rows and sparklines in one go).
  const listData = useDeferredValue(tradeList.data);
  const categoryData = useDeferredValue(categories.data);
  const sparklineData = useDeferredValue(sparklines.data);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const categoryNames = useMemo(
    () => new Map((categoryData ?? []).map((category) => [category.Id, category.NameShowTrans])),
    [categoryData],
  );
  // Names ("gold", "黃金") are found by the server; without a search nothing is asked.
  const nameSearch = useInstrumentNameSearch(search);
  // The desktop terminal's panel (currentId set) draws them all at once: it scrolls to the current
  // row, which may be far down the list.
  const allRows = useAfterFirstPaint(listData !== undefined) || currentId !== null;
  const instruments = useMemo(
    () => filterInstruments(listData ?? [], { categoryId, search, nameMatches: nameSearch.ids }),
    [listData, categoryId, search, nameSearch.ids],
  );

  return (
    <section className={`market-list${table ? ' is-table' : ''}`} aria-label={t('market.listLabel')}>
      <CategoryChips categories={categoryData ?? []} value={categoryId} onChange={setCategoryId} />
      {table ? (
        <div className="market-columns" aria-hidden="true">
          <span data-column="name">{t('market.columnName')}</span>
          <span data-column="bid">{t('market.columnBid')}</span>
          <span data-column="ask">{t('market.columnAsk')}</span>
          <span data-column="spread">{t('market.columnSpread')}</span>
          <span data-column="change">{t('market.columnChange')}</span>
          <span data-column="high">{t('market.columnHigh')}</span>
          <span data-column="low">{t('market.columnLow')}</span>
        </div>
      ) : (
        <div className="market-columns" aria-hidden="true">
          <span>{t('market.columnName')}</span>
          <span>{t('market.columnPrice')}</span>
        </div>
      )}
      {listData === undefined && !tradeList.isError && <InstrumentSkeleton />}
      {tradeList.isError && !tradeList.data && <MarketLoadFailed onRetry={() => void tradeList.refetch()} />}
      {listData &&
        instruments.length === 0 &&
        (nameSearch.pending ? (
          <p className="market-empty" aria-busy="true">
            …
          </p>
        ) : (
          <p className="market-empty">{t(search.trim() === '' ? 'market.empty' : 'market.noMatch')}</p>
        ))}
      <div className="instrument-rows">
        {(allRows ? instruments : instruments.slice(0, FIRST_ROWS)).map((instrument) => (
          <InstrumentRow
            key={instrument.Id}
            instrument={instrument}
            categoryName={categoryNames.get(instrument.CategoryId)}
            sparkline={sparklineData?.get(instrument.Id)}
            showSparkline={showSparkline}
            columns={table}
            selected={instrument.Id === currentId}
            onOpen={onOpen}
          />
        ))}
      </div>
    </section>
  );
}
