import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import type { ConversationSortKey, SortOrder } from '@meridian/contract/list-sort';
import { Button, Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SORT_KEYS: ConversationSortKey[] = ['last_message_at', 'unread', 'customer', 'id', 'closed_at'];

/**
 * How the conversations are ordered: the queue's own order (the default), or by a column the server
 * sorts by in either direction; the whole list, so ordered, as a CSV file.
 */
export function ConversationOrder({
  sort,
  order,
  onChange,
  csv,
}: {
  sort: ConversationSortKey | undefined;
  order: SortOrder;
  onChange: (sort: ConversationSortKey | undefined, order: SortOrder) => void;
  csv: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" className="support-order" style={{ marginBottom: 8 }}>
      {/* A visible label, not only one for screen readers: the choice alone ("Queue order") reads as a value without a question. */}
      <label htmlFor="support-sort" className="support-sort-label" style={{ whiteSpace: 'nowrap' }}>
        {t('support.sortBy')}
      </label>
      <Select<ConversationSortKey | 'queue'>
        id="support-sort"
        className="support-sort"
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        value={sort ?? 'queue'}
        onChange={(value) => onChange(value === 'queue' ? undefined : value, order)}
        options={[
          { value: 'queue', label: t('support.sortKeys.queue') },
          ...SORT_KEYS.map((value) => ({ value, label: t(`support.sortKeys.${value}`) })),
        ]}
      />
      <Button
        size="small"
        className="support-sort-order"
        disabled={!sort}
        aria-label={t(order === 'asc' ? 'support.ascending' : 'support.descending')}
        title={t(order === 'asc' ? 'support.ascending' : 'support.descending')}
        icon={order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
        onClick={() => onChange(sort, order === 'asc' ? 'desc' : 'asc')}
      />
      {csv}
    </Flex>
  );
}
