import type { Category } from '@meridian/contract/market';
import { useTranslation } from 'react-i18next';
import './market.css';

type CategoryChipsProps = {
  categories: readonly Category[];
  /** null: All. */
  value: number | null;
  onChange(categoryId: number | null): void;
};

/** "All" and each category, as a row of chips that scrolls sideways on a narrow screen. */
export function CategoryChips({ categories, value, onChange }: CategoryChipsProps) {
  const { t } = useTranslation();
  const chips = [
    { id: null, name: t('market.all') },
    ...categories.map((item) => ({ id: item.Id, name: item.NameShowTrans })),
  ];
  return (
    <fieldset className="category-chips">
      <legend className="visually-hidden">{t('market.categories')}</legend>
      {chips.map((chip) => (
        <button
          key={chip.id ?? 'all'}
          type="button"
          className="category-chip"
          aria-pressed={chip.id === value}
          onClick={() => onChange(chip.id)}
        >
          {chip.name}
        </button>
      ))}
    </fieldset>
  );
}
