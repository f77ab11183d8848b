import { DRAW_TYPE, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { StaffWithdrawal } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Space,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { formatMoney } from '../../lib/format';
import { exportList, ListTable, serverSortOf } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { CustomerContextPanel } from './customer-context';
import {
  payWithdrawal,
  type RecordFilter,
  rejectWithdrawal,
  useWithdrawals,
  WITHDRAWALS_KEY,
} from './funds-api';
import { Nowrap, RecordFilters, StatusTag } from './record-bits';
import { CustomerCell, formatTime } from './review-bits';

/** Where the money goes: the coin address, or the bank and the account. */
function Destination({ withdrawal, full = false }: { withdrawal: StaffWithdrawal; full?: boolean }) {
  const { method } = withdrawal;
  if (withdrawal.type === DRAW_TYPE.coin) {
    return (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>
          {withdrawal.draw_currency.code} {withdrawal.draw_currency.protocol}
        </Typography.Text>
        {/* In the list, the start of the address (the whole on hover); the review drawer shows it in full. */}
        <Typography.Text
          code
          copyable={full}
          className="withdrawal-address"
          title={withdrawal.address || method.dc_address}
          ellipsis={!full}
          style={full ? undefined : { maxWidth: 200 }}
        >
          {withdrawal.address || method.dc_address}
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {withdrawal.draw_currency.code} · {withdrawal.bank_name || method.bank_name}
      </Typography.Text>
      <Typography.Text code copyable={full}>
        {withdrawal.payee_account || method.payee_account}
      </Typography.Text>
      {full && (
        <>
          <Typography.Text>{method.payee_name}</Typography.Text>
          {method.bank_swift && <Typography.Text type="secondary">SWIFT {method.bank_swift}</Typography.Text>}
          {method.bank_address && <Typography.Text type="secondary">{method.bank_address}</Typography.Text>}
        </>
      )}
    </Space>
  );
}

/** The four-eyes state: "approvals 1 of 2" while a large withdrawal waits for its second approval. */
function ApprovalsTag({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const { t } = useTranslation();
  if (withdrawal.approvals_needed < 2) return null;
  return (
    <Tag color={withdrawal.state === 'approved' ? 'blue' : 'purple'} className="approvals-tag">
      {t('funds.withdrawal.approvalsOf', {
        count: withdrawal.approvals.length,
        needed: withdrawal.approvals_needed,
      })}
    </Tag>
  );
}

/**
 * The withdrawals review (role finance): waiting requests first (the default filter), each with its
 * figures, destination and four-eyes state, to pay with the payout reference or reject with a reason.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecordFilter>({ status: FUNDS_STATUS.unchecked, page: 1, limit: 20 });
  const [openId, setOpenId] = useState<number>();
  const withdrawals = useWithdrawals(filter);
  const open = withdrawals.data?.list.find((one) => one.id === openId);
  return (
    <Page
      title={t('nav.withdrawals')}
      extra={
        <RecordFilters
          kind="withdrawals"
          filter={filter}
          onChange={setFilter}
          onRefresh={() => withdrawals.refetch()}
          refreshing={withdrawals.isFetching}
        />
      }
    >
      <ListTable<StaffWithdrawal>
        className="withdrawals-table"
        rowKey="id"
        query={withdrawals}
        rows={withdrawals.data?.list}
        csvName="withdrawals"
        serverSort={serverSortOf(filter, setFilter)}
        exportRows={() => exportList<StaffWithdrawal>('/funds/withdrawals', filter)}
        onRow={(row) => ({ 'data-record-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: withdrawals.data?.total ?? 0,
          onChange: (page) => setFilter({ ...filter, page }),
          showSizeChanger: false,
        }}
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
                {row.status === FUNDS_STATUS.unchecked && <ApprovalsTag withdrawal={row} />}
              </Space>
            ),
          },
          {
            title: t('funds.createdAt'),
            sortKey: 'created_at',
            sortValue: (row) => row.created_time,
            render: (_, row) => <Nowrap>{formatTime(row.created_time)}</Nowrap>,
          },
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
                      {
                        name: row.reviewed_by.name,
                      },
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
                  <Typography.Text type="secondary">{formatTime(row.reviewed_time)}</Typography.Text>
                </Space>
              ) : (
                '-'
              ),
          },
          {
            title: t('common.actions'),
            width: 110,
            render: (_, row) => (
              <Button
                type={row.status === FUNDS_STATUS.unchecked ? 'primary' : 'default'}
                onClick={() => setOpenId(row.id)}
              >
                {row.status === FUNDS_STATUS.unchecked ? t('funds.review') : t('funds.view')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        className="withdrawal-drawer"
        width={780}
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? t('funds.withdrawal.drawerTitle', { id: open.id, uid: open.user.uid }) : ''}
        destroyOnHidden
      >
        {open && <WithdrawalReview withdrawal={open} onDone={() => setOpenId(undefined)} />}
      </Drawer>
    </Page>
  );
}

function WithdrawalReview({ withdrawal, onDone }: { withdrawal: StaffWithdrawal; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [form] = Form.useForm<{ payout_reference?: string; notes?: string; reject_notes?: string }>();
  const options = { refresh: [WITHDRAWALS_KEY, ['customers', 'context']], onDone };
  // This approval pays when it is the last one needed; only then is the payout reference required.
  const pays = withdrawal.approvals.length + 1 >= withdrawal.approvals_needed;
  const pay = useAction(payWithdrawal, {
    ...options,
    successKey: pays ? 'funds.withdrawal.paidDone' : 'funds.withdrawal.approvedDone',
  });
  const reject = useAction(rejectWithdrawal, { ...options, successKey: 'funds.withdrawal.rejected' });
  const busy = pay.isPending || reject.isPending;
  const waiting = withdrawal.status === FUNDS_STATUS.unchecked;
  const mayReview = staffMay(staff.role, 'funds.review') && waiting;
  const approvedByMe = withdrawal.approvals.some((approval) => approval.staff.id === staff.id);
  const text = (name: 'payout_reference' | 'notes' | 'reject_notes') =>
    (form.getFieldValue(name) as string | undefined)?.trim() ?? '';
  return (
    <Flex vertical gap={24}>
      <Descriptions column={2} bordered size="small" className="withdrawal-details">
        <Descriptions.Item label={t('funds.customer')} span={2}>
          <CustomerCell customer={withdrawal.user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.withdrawal.number')}>{withdrawal.number} USDT</Descriptions.Item>
        <Descriptions.Item label={t('funds.withdrawal.fee')}>{withdrawal.fee} USDT</Descriptions.Item>
        <Descriptions.Item label={t('funds.withdrawal.rate')}>
          {t('funds.withdrawal.rateValue', {
            rate: withdrawal.usd_price,
            code: withdrawal.draw_currency.code,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.withdrawal.receive')}>
          <Typography.Text strong className="withdrawal-receive">
            {withdrawal.real_number} {withdrawal.draw_currency.code}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.withdrawal.destination')} span={2}>
          <Destination withdrawal={withdrawal} full />
        </Descriptions.Item>
        {!!withdrawal.memo && (
          <Descriptions.Item label={t('funds.withdrawal.memo')} span={2}>
            {withdrawal.memo}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('common.status')}>
          <StatusTag kind="withdrawals" status={withdrawal.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.createdAt')}>
          {formatTime(withdrawal.created_time)}
        </Descriptions.Item>
        {!!withdrawal.payout_reference && (
          <Descriptions.Item label={t('funds.withdrawal.payoutReference')} span={2}>
            <Typography.Text code>{withdrawal.payout_reference}</Typography.Text>
          </Descriptions.Item>
        )}
        {!!withdrawal.notes && (
          <Descriptions.Item label={t('funds.withdrawal.notes')} span={2}>
            {withdrawal.notes}
          </Descriptions.Item>
        )}
      </Descriptions>

      <div className="four-eyes">
        <Typography.Title level={5}>
          {t('funds.withdrawal.approvals')}{' '}
          {withdrawal.approvals_needed > 1 && <ApprovalsTag withdrawal={withdrawal} />}
        </Typography.Title>
        {withdrawal.approvals_needed > 1 && (
          <Typography.Paragraph type="secondary">{t('funds.withdrawal.fourEyesHint')}</Typography.Paragraph>
        )}
        <Steps
          direction="vertical"
          size="small"
          current={withdrawal.approvals.length}
          items={Array.from({ length: withdrawal.approvals_needed }, (_, index) => {
            const approval = withdrawal.approvals[index];
            return {
              title: approval
                ? t('funds.withdrawal.approvedBy', { name: approval.staff.name })
                : t('funds.withdrawal.approvalWaiting', { index: index + 1 }),
              description: approval ? formatTime(approval.at) : undefined,
              status: approval ? 'finish' : withdrawal.status === FUNDS_STATUS.rejected ? 'error' : 'wait',
            };
          })}
        />
      </div>

      <CustomerContextPanel userId={withdrawal.user.id} />

      {mayReview && (
        <Form
          form={form}
          layout="vertical"
          className="withdrawal-decision"
          // A refusal's message under a field goes once the field is edited.
          onValuesChange={(changed) =>
            form.setFields(
              (Object.keys(changed) as ('payout_reference' | 'notes' | 'reject_notes')[]).map((name) => ({
                name,
                errors: [],
              })),
            )
          }
        >
          <Typography.Title level={5}>
            {pays ? t('funds.withdrawal.payTitle') : t('funds.withdrawal.firstApprovalTitle')}
          </Typography.Title>
          {approvedByMe ? (
            <Alert
              type="warning"
              showIcon
              className="four-eyes-same-staff"
              message={t('funds.withdrawal.sameStaffTitle')}
              description={t('funds.withdrawal.sameStaffText')}
            />
          ) : (
            <>
              {pays ? (
                <Form.Item
                  name="payout_reference"
                  label={t('funds.withdrawal.payoutReference')}
                  extra={t('funds.withdrawal.payoutReferenceHint')}
                >
                  <Input maxLength={LIMITS.payoutReferenceLengthMax} />
                </Form.Item>
              ) : (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  message={t('funds.withdrawal.firstApprovalText')}
                />
              )}
              <Form.Item name="notes" label={t('funds.withdrawal.internalNotes')}>
                <Input maxLength={LIMITS.reviewReasonLengthMax} />
              </Form.Item>
              <Popconfirm
                title={
                  pays
                    ? t('funds.withdrawal.payConfirm', {
                        amount: `${withdrawal.real_number} ${withdrawal.draw_currency.code}`,
                      })
                    : t('funds.withdrawal.firstApprovalConfirm')
                }
                okText={t('funds.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => {
                  const reference = text('payout_reference');
                  if (pays && reference === '') {
                    form.setFields([
                      { name: 'payout_reference', errors: [t('funds.withdrawal.payoutReferenceRequired')] },
                    ]);
                    return;
                  }
                  const notes = text('notes');
                  pay.mutate({
                    id: withdrawal.id,
                    ...(pays ? { payout_reference: reference } : {}),
                    ...(notes ? { notes } : {}),
                  });
                }}
              >
                <Button type="primary" loading={busy} className="withdrawal-approve">
                  {pays ? t('funds.withdrawal.pay') : t('funds.withdrawal.approveFirst')}
                </Button>
              </Popconfirm>
            </>
          )}

          <Divider />
          <Typography.Title level={5}>{t('funds.withdrawal.rejectTitle')}</Typography.Title>
          <Form.Item
            name="reject_notes"
            label={t('funds.withdrawal.rejectReason')}
            extra={t('funds.withdrawal.rejectHint')}
          >
            <Input.TextArea rows={2} maxLength={LIMITS.reviewReasonLengthMax} showCount />
          </Form.Item>
          <Button
            danger
            loading={busy}
            className="withdrawal-reject"
            onClick={() => {
              const notes = text('reject_notes');
              if (notes === '') {
                form.setFields([
                  { name: 'reject_notes', errors: [t('funds.withdrawal.rejectReasonRequired')] },
                ]);
                return;
              }
              reject.mutate({ id: withdrawal.id, notes });
            }}
          >
            {t('funds.withdrawal.reject')}
          </Button>
        </Form>
      )}
    </Flex>
  );
}
