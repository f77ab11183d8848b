import { DEPOSIT_TYPE, DRAW_TYPE, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import { Button, InputNumber, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordFilter } from './funds-api';

/**
 * The filters of a funds list: the status (waiting by default, so the queue comes first), the kind
 * (coin or bank) and one customer's records by their id.
 */
export function RecordFilters({
  kind,
  filter,
  onChange,
  onRefresh,
  refreshing,
}: {
  kind: 'deposits' | 'withdrawals';
  filter: RecordFilter;
  onChange: (filter: RecordFilter) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const { unchecked, finished, rejected, invalid } = FUNDS_STATUS;
  // Only deposits are ever invalid; deposits and withdrawals number their kinds differently.
  const statuses =
    kind === 'deposits' ? [unchecked, finished, rejected, invalid] : [unchecked, finished, rejected];
  const types = kind === 'deposits' ? DEPOSIT_TYPE : DRAW_TYPE;
  const set = (change: Partial<RecordFilter>) => {
    const next: RecordFilter = { ...filter, ...change, page: 1 };
    for (const key of ['status', 'type', 'user_id'] as const) if (next[key] === undefined) delete next[key];
    onChange(next);
  };
  return (
    <Space wrap className="record-filters">
      <Select
        className="filter-status"
        style={{ width: 170 }}
        value={filter.status ?? -1}
        onChange={(value: number) => set({ status: value < 0 ? undefined : value })}
        options={[
          ...statuses.map((value) => ({ value, label: t(`funds.status.${kind}.${value}`) })),
          { value: -1, label: t('funds.filter.allStatuses') },
        ]}
      />
      <Select
        className="filter-type"
        style={{ width: 150 }}
        value={filter.type ?? -1}
        onChange={(value: number) => set({ type: value < 0 ? undefined : value })}
        options={[
          { value: -1, label: t('funds.filter.allKinds') },
          { value: types.coin, label: t('funds.filter.coin') },
          { value: types.bank, label: t('funds.filter.bank') },
        ]}
      />
      <InputNumber
        className="filter-customer"
        style={{ width: 170 }}
        min={1}
        precision={0}
        placeholder={t('funds.filter.customerId')}
        value={filter.user_id ?? null}
        onChange={(value) => set({ user_id: typeof value === 'number' ? value : undefined })}
      />
      <Button onClick={onRefresh} loading={refreshing}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}

/** A figure or a moment kept on one line in a narrow column. */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
