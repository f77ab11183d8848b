import type { Category, Instrument } from '@meridian/contract/market';
import { DotLoading } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetDialog } from '../../../components/bottom-sheet';
import { SearchField } from '../../../components/search-field';
import { useInstrumentNameSearch } from '../api/search-instruments';
import { filterInstruments } from '../utils/filter-instruments';
import { CategoryChips } from './category-chips';
import { InstrumentRow } from './instrument-row';
import './market.css';
import './instrument-selector.css';

type InstrumentSelectorProps = {
  visible: boolean;
  onClose(): void;
  instruments: readonly Instrument[];
  categories: readonly Category[];
  currentId: number | null;
  onChoose(instrument: Instrument): void;
};

/** The drawer that switches the trade page's instrument: category chips, a search box, the list. */
export function InstrumentSelector({
  visible,
  onClose,
  instruments,
  categories,
  currentId,
  onChoose,
}: InstrumentSelectorProps) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const names = useMemo(
    () => new Map(categories.map((category) => [category.Id, category.NameShowTrans])),
    [categories],
  );
  const nameSearch = useInstrumentNameSearch(search);
  const shown = useMemo(
    () => filterInstruments(instruments, { categoryId, search, nameMatches: nameSearch.ids }),
    [instruments, categoryId, search, nameSearch.ids],
  );
  return (
    <BottomSheet
      open={visible}
      onClose={onClose}
      className="instrument-selector"
      bodyClassName="instrument-selector-body"
    >
      <SheetDialog classPrefix="instrument-selector" title={t('market.chooseInstrument')} onClose={onClose}>
        <SearchField
          className="instrument-selector-search"
          placeholder={t('market.searchPlaceholder')}
          label={t('common.search')}
          value={search}
          onChange={setSearch}
        />
        <CategoryChips categories={categories} value={categoryId} onChange={setCategoryId} />
        <div className="instrument-selector-list">
          {shown.length === 0 &&
            (nameSearch.pending ? (
              <p className="market-empty" aria-busy="true">
                <DotLoading />
              </p>
            ) : (
              <p className="market-empty">{t('market.noMatch')}</p>
            ))}
          {shown.map((instrument) => (
            <InstrumentRow
              key={instrument.Id}
              instrument={instrument}
              categoryName={names.get(instrument.CategoryId)}
              showSparkline={false}
              selected={instrument.Id === currentId}
              onOpen={onChoose}
            />
          ))}
        </div>
      </SheetDialog>
    </BottomSheet>
  );
}
