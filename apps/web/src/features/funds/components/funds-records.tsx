import { useQueryClient } from '@tanstack/react-query';
import { Skeleton, Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { useDateFormat } from '../../../hooks/use-date-format';
import { FUNDS_KEYS, restartRecordList } from '../api/funds-keys';
import { useDepositRecords } from '../api/get-deposit-records';
import { useWithdrawalRecords } from '../api/get-withdrawal-records';
import { recordsOf } from '../utils/record-pages';
import { DepositRecordRow } from './deposit-record-row';
import { WithdrawalRecordRow } from './withdrawal-record-row';
import './records.css';
import './funds.css';

export type RecordsTab = 'deposits' | 'withdrawals';

/** Spec section 9: a skeleton list of 10 rows. */
const SKELETON_ROWS = 10;

function RecordsSkeleton() {
  return (
    <div className="record-rows" aria-busy="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div className="record-row" key={index}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

function DepositRecords() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const query = useDepositRecords();
  const items = useMemo(() => recordsOf(query.data?.pages ?? []), [query.data]);
  return (
    <PagedList
      query={query}
      items={items}
      itemKey={(record) => record.id}
      renderItem={(record) => <DepositRecordRow record={record} dates={dates} />}
      restart={() => restartRecordList(queryClient, FUNDS_KEYS.depositRecords)}
      skeleton={<RecordsSkeleton />}
      loadFailedTitle={t('common.loadFailed')}
      emptyTitle={t('funds.records.noDeposits')}
      className="record-list"
      rowsClassName="record-rows"
      tab="deposits"
    />
  );
}

function WithdrawalRecords() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const query = useWithdrawalRecords();
  const items = useMemo(() => recordsOf(query.data?.pages ?? []), [query.data]);
  return (
    <PagedList
      query={query}
      items={items}
      itemKey={(record) => record.id}
      renderItem={(record) => <WithdrawalRecordRow record={record} dates={dates} />}
      restart={() => restartRecordList(queryClient, FUNDS_KEYS.withdrawalRecords)}
      skeleton={<RecordsSkeleton />}
      loadFailedTitle={t('common.loadFailed')}
      emptyTitle={t('funds.records.noWithdrawals')}
      className="record-list"
      rowsClassName="record-rows"
      tab="withdrawals"
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
      <Tabs
        className="funds-tabs"
        activeKey={tab}
        onChange={(key) => onTabChange(key === 'withdrawals' ? 'withdrawals' : 'deposits')}
      >
        <Tabs.Tab title={t('funds.records.deposits')} key="deposits" />
        <Tabs.Tab title={t('funds.records.withdrawals')} key="withdrawals" />
      </Tabs>
      {tab === 'deposits' ? <DepositRecords /> : <WithdrawalRecords />}
    </div>
  );
}
