import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { StaffWithdrawal } from '@meridian/contract/funds-staff';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomerCell } from '../../components/customer-cell';
import { StatusTag } from '../../components/funds-status-tag';
import { ReviewDrawer, useOpenRecord } from '../../components/review/review-drawer';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useWithdrawals } from './funds-api';
import { Nowrap } from './record-bits';
import { createdColumn, openColumn, RecordListPage, useRecordFilter } from './record-list';
import { Destination, WithdrawalApprovalsTag, WithdrawalReview } from './withdrawal-review';

/**
 * The withdrawals review (role finance): waiting requests first (the default filter), each with its
 * figures, destination and four-eyes state, to pay with the payout reference or reject with a reason.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useRecordFilter();
  const withdrawals = useWithdrawals(filter);
  const { open, openRecord, close } = useOpenRecord(withdrawals.data?.list);
  return (
    <RecordListPage<StaffWithdrawal>
      kind="withdrawals"
      filter={filter}
      onFilter={setFilter}
      query={withdrawals}
      columns={[
        { title: '#', dataIndex: 'id', width: 72, sortKey: 'id' },
        {
          title: t('funds.customer'),
          sortKey: 'customer',
          sortValue: (row) => row.user.uid,
          render: (_, row) => <CustomerCell customer={row.user} />,
        },
        {
          title: t('funds.withdrawal.number'),
          sortKey: 'number',
          sortValue: (row) => row.number,
          align: 'right',
          render: (_, row) => <Nowrap>{formatMoney(row.number)} USDT</Nowrap>,
        },
        {
          title: t('funds.withdrawal.fee'),
          sortKey: 'fee',
          sortValue: (row) => row.fee,
          align: 'right',
          render: (_, row) => <Nowrap>{formatMoney(row.fee)} USDT</Nowrap>,
        },
        {
          title: t('funds.withdrawal.receive'),
          sortKey: 'real_number',
          sortValue: (row) => row.real_number,
          align: 'right',
          render: (_, row) => (
            <Typography.Text strong>
              <Nowrap>
                {formatMoney(row.real_number)} {row.draw_currency.code}
              </Nowrap>
            </Typography.Text>
          ),
        },
        { title: t('funds.withdrawal.destination'), render: (_, row) => <Destination withdrawal={row} /> },
        {
          title: t('common.status'),
          sortKey: 'status',
          sortValue: (row) => row.status,
          render: (_, row) => (
            <Space size={4} wrap>
              <StatusTag kind="withdrawals" status={row.status} />
              {row.status === FUNDS_STATUS.unchecked && <WithdrawalApprovalsTag withdrawal={row} />}
            </Space>
          ),
        },
        createdColumn(t),
        {
          // Who decided and, once paid, the payment's reference: the paid list answers "who paid this, how".
          title: t('funds.withdrawal.decided'),
          className: 'withdrawal-decided',
          sortKey: 'reviewed_by',
          sortValue: (row) => row.reviewed_by?.name ?? '',
          csv: (row) => [row.reviewed_by?.name, row.payout_reference].filter(Boolean).join(' · '),
          render: (_, row) =>
            row.reviewed_by ? (
              <Space direction="vertical" size={0}>
                <Nowrap>
                  {t(
                    row.status === FUNDS_STATUS.finished
                      ? 'funds.withdrawal.paidBy'
                      : 'funds.withdrawal.decidedBy',
                    { name: row.reviewed_by.name },
                  )}
                </Nowrap>
                {row.payout_reference && (
                  // A transaction hash is 64 characters: the start, and the whole on hover and in the drawer.
                  <Typography.Text
                    code
                    className="withdrawal-reference"
                    title={row.payout_reference}
                    style={{ maxWidth: 180 }}
                    ellipsis
                  >
                    {row.payout_reference}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">{formatDateTime(row.reviewed_time)}</Typography.Text>
              </Space>
            ) : (
              '-'
            ),
        },
        openColumn(t, openRecord),
      ]}
    >
      <ReviewDrawer
        className="withdrawal-drawer"
        record={open}
        titleKey="funds.withdrawal.drawerTitle"
        onClose={close}
      >
        {(withdrawal) => <WithdrawalReview withdrawal={withdrawal} onDone={close} />}
      </ReviewDrawer>
    </RecordListPage>
  );
}
