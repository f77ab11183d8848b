import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNewsCategories } from '../api/get-news-categories';
import type { NewsCategoryFilter } from '../api/get-news-list';
import './news.css';

type NewsTabsProps = { value: NewsCategoryFilter; onChange: (categoryId: NewsCategoryFilter) => void };

const ALL_KEY = 'all';

/** "All" and one tab per news category, in the reader's language. */
export function NewsTabs({ value, onChange }: NewsTabsProps) {
  const { t } = useTranslation();
  const categories = useNewsCategories();
  return (
    <nav className="news-tabs" aria-label={t('news.categories')}>
      <CapsuleTabs
        activeKey={value === null ? ALL_KEY : String(value)}
        onChange={(key) => onChange(key === ALL_KEY ? null : Number(key))}
      >
        <CapsuleTabs.Tab key={ALL_KEY} title={t('news.all')} />
        {(categories.data ?? []).map((category) => (
          <CapsuleTabs.Tab key={String(category.id)} title={category.name} />
        ))}
      </CapsuleTabs>
    </nav>
  );
}
