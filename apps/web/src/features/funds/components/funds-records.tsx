import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, type PagedQuery } from '../../../components/paged-list';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { type DateFormat, useDateFormat } from '../../../hooks/use-date-format';
import { FUNDS_KEYS, restartRecordList } from '../api/funds-keys';
import { useDepositRecords } from '../api/get-deposit-records';
import { useWithdrawalRecords } from '../api/get-withdrawal-records';
import { recordsOf } from '../utils/record-pages';
import { DepositRecordRow } from './deposit-record-row';
import { FundsTabs } from './funds-tabs';
import { WithdrawalRecordRow } from './withdrawal-record-row';
import './records.css';
import './funds.css';

export type RecordsTab = 'deposits' | 'withdrawals';

/** Spec section 9: a skeleton list of 10 rows. */
const SKELETON_ROWS = 10;

function RecordsSkeleton() {
  return (
    <SkeletonRows count={SKELETON_ROWS} className="funds-cards record-rows">
      <div className="funds-card record-row">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    </SkeletonRows>
  );
}

type RecordListProps<Item extends { id: number }> = {
  query: PagedQuery & { data: { pages: { list: Item[] }[] } | undefined };
  listKey: typeof FUNDS_KEYS.depositRecords | typeof FUNDS_KEYS.withdrawalRecords;
  emptyTitle: string;
  tab: RecordsTab;
  renderRow(record: Item, dates: DateFormat): ReactNode;
};

/** One tab's records: the same paged list for deposits and withdrawals, each with its own row. */
function RecordList<Item extends { id: number }>({
  query,
  listKey,
  emptyTitle,
  tab,
  renderRow,
}: RecordListProps<Item>) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const items = useMemo(() => recordsOf(query.data?.pages ?? []), [query.data]);
  return (
    <PagedList
      query={query}
      items={items}
      itemKey={(record) => record.id}
      renderItem={(record) => renderRow(record, dates)}
      restart={() => restartRecordList(queryClient, listKey)}
      skeleton={<RecordsSkeleton />}
      loadFailedTitle={t('common.loadFailed')}
      emptyTitle={emptyTitle}
      className="record-list"
      rowsClassName="funds-cards record-rows"
      tab={tab}
    />
  );
}

function DepositRecords() {
  const { t } = useTranslation();
  return (
    <RecordList
      query={useDepositRecords()}
      listKey={FUNDS_KEYS.depositRecords}
      emptyTitle={t('funds.records.noDeposits')}
      tab="deposits"
      renderRow={(record, dates) => <DepositRecordRow record={record} dates={dates} />}
    />
  );
}

function WithdrawalRecords() {
  const { t } = useTranslation();
  return (
    <RecordList
      query={useWithdrawalRecords()}
      listKey={FUNDS_KEYS.withdrawalRecords}
      emptyTitle={t('funds.records.noWithdrawals')}
      tab="withdrawals"
      renderRow={(record, dates) => <WithdrawalRecordRow record={record} dates={dates} />}
    />
  );
}

/**
 * The deposit and withdrawal records in two tabs, newest first, each state as a chip and a refusal's
 * reason under it. The `funds.record` push (useFundsRecordFeed, on every screen) updates them in place.
 */
export function FundsRecords({ tab, onTabChange }: { tab: RecordsTab; onTabChange(tab: RecordsTab): void }) {
  const { t } = useTranslation();
  return (
    <div className="funds-records">
      <FundsTabs
        value={tab}
        tabs={[
          { key: 'deposits', title: t('funds.records.deposits') },
          { key: 'withdrawals', title: t('funds.records.withdrawals') },
        ]}
        onChange={onTabChange}
      />
      {tab === 'deposits' ? <DepositRecords /> : <WithdrawalRecords />}
    </div>
  );
}
