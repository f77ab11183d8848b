import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { StaffDeposit } from '@meridian/contract/funds-staff';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/funds-status-tag';
import { ApprovalsTag } from '../../components/review/approval-steps';
import { ReviewDrawer, useOpenRecord } from '../../components/review/review-drawer';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { ChannelCell, FlagTags, QueueCustomer } from './deposit-cells';
import { DepositReview } from './deposit-review';
import { useDeposits } from './funds-api';
import { Nowrap } from './record-bits';
import { createdColumn, openColumn, RecordListPage, useRecordFilter } from './record-list';

/** The credit column: the amount credited, the first approver's while the second is missing, or the suggestion. */
function CreditCell({ row }: { row: StaffDeposit }) {
  const { t } = useTranslation();
  if (row.status === FUNDS_STATUS.finished) {
    return (
      <Typography.Text strong>
        <Nowrap>{formatMoney(row.amount)} USDT</Nowrap>
      </Typography.Text>
    );
  }
  if (row.status !== FUNDS_STATUS.unchecked) return '-';
  if (row.approvals[0]) {
    return (
      <Space direction="vertical" size={0} className="deposit-first-amount">
        <Typography.Text strong>
          <Nowrap>{row.approvals[0].amount} USDT</Nowrap>
        </Typography.Text>
        <Typography.Text type="secondary">
          <Nowrap>{t('funds.deposit.suggestedShort', { amount: row.suggested_amount })}</Nowrap>
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Typography.Text type="secondary">
      {t('funds.deposit.suggestedShort', { amount: formatMoney(row.suggested_amount) })}
    </Typography.Text>
  );
}

/**
 * The deposits review (role finance): waiting reports first (the default filter), each opened with
 * its proof to credit, reject with a reason the customer sees, or mark invalid.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useRecordFilter();
  const deposits = useDeposits(filter);
  const { open, openRecord, close } = useOpenRecord(deposits.data?.list);
  return (
    <RecordListPage<StaffDeposit>
      kind="deposits"
      filter={filter}
      onFilter={setFilter}
      query={deposits}
      // At 1024 pixels the columns scroll inside the table, and the review button stays in sight.
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', dataIndex: 'id', width: 56, sortKey: 'id' },
        {
          title: t('funds.customer'),
          sortKey: 'customer',
          sortValue: (row) => row.user.uid,
          render: (_, row) => <QueueCustomer customer={row.user} />,
        },
        {
          title: t('funds.deposit.number'),
          sortKey: 'number',
          sortValue: (row) => row.number,
          align: 'right',
          render: (_, row) => <Nowrap>{`${formatNumber(row.number)} ${row.currency_code}`}</Nowrap>,
        },
        {
          title: t('funds.deposit.credit'),
          sortKey: 'amount',
          sortValue: (row) => row.amount,
          align: 'right',
          render: (_, row) => <CreditCell row={row} />,
        },
        {
          // The status, the four-eyes count and the flags in one column: at 1024 pixels wide a
          // column more would push the actions out of sight.
          title: t('funds.flags.statusTitle'),
          sortKey: 'status',
          sortValue: (row) => row.status,
          width: 150,
          render: (_, row) => (
            <Space direction="vertical" size={4}>
              <Space size={4} wrap>
                <StatusTag kind="deposits" status={row.status} />
                {row.status === FUNDS_STATUS.unchecked && row.approvals_needed > 1 && (
                  <ApprovalsTag
                    count={row.approvals.length}
                    needed={row.approvals_needed}
                    started={row.approvals.length > 0}
                  />
                )}
              </Space>
              <FlagTags flags={row.flags} />
            </Space>
          ),
        },
        { title: t('funds.channel.title'), render: (_, row) => <ChannelCell deposit={row} /> },
        createdColumn(t),
        {
          title: t('funds.reviewedBy'),
          render: (_, row) =>
            row.reviewed_by ? (
              `${row.reviewed_by.name} · ${formatDateTime(row.reviewed_time)}`
            ) : row.approvals[0] ? (
              <Space direction="vertical" size={0} className="deposit-first-approval">
                <span>{t('funds.deposit.firstApprovedBy', { name: row.approvals[0].staff.name })}</span>
                <Typography.Text type="secondary">
                  <Nowrap>{formatDateTime(row.approvals[0].at)}</Nowrap>
                </Typography.Text>
              </Space>
            ) : (
              '-'
            ),
        },
        openColumn(t, openRecord, 'right'),
      ]}
    >
      <ReviewDrawer
        className="deposit-drawer"
        record={open}
        titleKey="funds.deposit.drawerTitle"
        onClose={close}
      >
        {(deposit) => (
          <DepositReview
            deposit={deposit}
            terms={{
              fourEyesThresholdUsd: deposits.data?.four_eyes_usd ?? '0',
              tolerancePercent: deposits.data?.tolerance_percent ?? '0',
            }}
            onDone={close}
          />
        )}
      </ReviewDrawer>
    </RecordListPage>
  );
}
