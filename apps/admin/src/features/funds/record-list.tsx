import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ReviewButton } from '../../components/review/review-drawer';
import { formatDateTime } from '../../lib/format';
import { exportList, type ListColumn, type ListQuery, ListTable, serverSortOf } from '../../lib/list-table';
import type { RecordFilter } from './funds-api';
import { Nowrap, RecordFilters } from './record-bits';

type FundsKind = 'deposits' | 'withdrawals';

/** A funds list's filter: the waiting queue first, a page of 20. */
export function useRecordFilter() {
  return useState<RecordFilter>({ status: FUNDS_STATUS.unchecked, page: 1, limit: 20 });
}

/**
 * A funds review list (deposits or withdrawals): its filters above, the server's page sorted and
 * exported by the server, each row named by `data-record-id`, and the review drawer (`children`).
 */
export function RecordListPage<Row extends { id: number }>({
  kind,
  filter,
  onFilter,
  query,
  columns,
  scroll,
  children,
}: {
  kind: FundsKind;
  filter: RecordFilter;
  onFilter: (filter: RecordFilter) => void;
  query: ListQuery & { data?: { list: Row[]; total: number } | undefined };
  columns: ListColumn<Row>[];
  scroll?: TableProps<Row>['scroll'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page
      title={t(`nav.${kind}`)}
      extra={
        <RecordFilters
          kind={kind}
          filter={filter}
          onChange={onFilter}
          onRefresh={() => query.refetch()}
          refreshing={query.isFetching}
        />
      }
    >
      <ListTable<Row>
        className={`${kind}-table`}
        scroll={scroll}
        query={query}
        rows={query.data?.list}
        csvName={kind}
        serverSort={serverSortOf(filter, onFilter)}
        exportRows={() => exportList<Row>(`/funds/${kind}`, filter)}
        onRow={(row) => ({ 'data-record-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: query.data?.total ?? 0,
          onChange: (page) => onFilter({ ...filter, page }),
          showSizeChanger: false,
        }}
        columns={columns}
      />
      {children}
    </Page>
  );
}

/** When the customer reported the record. */
export function createdColumn<Row extends { created_time: string | number }>(t: TFunction): ListColumn<Row> {
  return {
    title: t('funds.createdAt'),
    sortKey: 'created_at',
    sortValue: (row) => row.created_time,
    render: (_, row) => <Nowrap>{formatDateTime(row.created_time)}</Nowrap>,
  };
}

/** The last column: the row's way into the review drawer. */
export function openColumn<Row extends { id: number; status: number }>(
  t: TFunction,
  onOpen: (id: number) => void,
  fixed?: 'right',
): ListColumn<Row> {
  return {
    title: t('common.actions'),
    width: 110,
    ...(fixed ? { fixed } : {}),
    render: (_, row) => (
      <ReviewButton
        waiting={row.status === FUNDS_STATUS.unchecked}
        scope="funds"
        onOpen={() => onOpen(row.id)}
      />
    ),
  };
}
