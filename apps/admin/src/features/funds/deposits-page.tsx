import type { StaffDeposit } from '@meridian/contract/funds-staff';
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
  Image,
  Input,
  Popconfirm,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { useAction } from '../../lib/use-action';
import {
  approveDeposit,
  DEPOSITS_KEY,
  invalidDeposit,
  type RecordFilter,
  rejectDeposit,
  useDepositProof,
  useDeposits,
} from './funds-api';
import { Nowrap, RecordFilters, StatusTag, sameAmount } from './record-bits';
import { CustomerCell, formatTime } from './review-bits';

/** Where a deposit was sent: the coin and its network, or the bank of the wire account. */
function ChannelCell({ deposit }: { deposit: StaffDeposit }) {
  const { t } = useTranslation();
  return deposit.type === 0 ? (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {deposit.currency_code} {deposit.protocol_code}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('funds.channel.coin', { id: deposit.channel_id })}
      </Typography.Text>
    </Space>
  ) : (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {deposit.currency_code} · {deposit.bank_name}
      </Typography.Text>
      <Typography.Text type="secondary">{t('funds.channel.wire', { id: deposit.wire_id })}</Typography.Text>
    </Space>
  );
}

/**
 * The deposits review (role finance): waiting reports first (the default filter), each opened with
 * its proof to credit, reject with a reason the customer sees, or mark invalid.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecordFilter>({ status: 0, page: 1, limit: 20 });
  const [openId, setOpenId] = useState<number>();
  const deposits = useDeposits(filter);
  const open = deposits.data?.list.find((one) => one.id === openId);
  return (
    <Page
      title={t('nav.deposits')}
      extra={
        <RecordFilters
          kind="deposits"
          filter={filter}
          onChange={setFilter}
          onRefresh={() => deposits.refetch()}
          refreshing={deposits.isFetching}
        />
      }
    >
      <Table<StaffDeposit>
        className="deposits-table"
        rowKey="id"
        loading={deposits.isLoading}
        dataSource={deposits.data?.list ?? []}
        onRow={(row) => ({ 'data-record-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: deposits.data?.total ?? 0,
          onChange: (page) => setFilter({ ...filter, page }),
          showSizeChanger: false,
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 72 },
          { title: t('funds.customer'), render: (_, row) => <CustomerCell customer={row.user} /> },
          { title: t('funds.channel.title'), render: (_, row) => <ChannelCell deposit={row} /> },
          {
            title: t('funds.deposit.number'),
            align: 'right',
            render: (_, row) => <Nowrap>{`${row.number} ${row.currency_code}`}</Nowrap>,
          },
          {
            title: t('funds.deposit.credit'),
            align: 'right',
            render: (_, row) =>
              row.status === 1 ? (
                <Typography.Text strong>
                  <Nowrap>{row.amount} USDT</Nowrap>
                </Typography.Text>
              ) : row.status === 0 ? (
                <Typography.Text type="secondary">
                  {t('funds.deposit.suggestedShort', { amount: row.suggested_amount })}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
          {
            title: t('common.status'),
            render: (_, row) => <StatusTag kind="deposits" status={row.status} />,
          },
          {
            title: t('funds.createdAt'),
            render: (_, row) => <Nowrap>{formatTime(row.created_time)}</Nowrap>,
          },
          {
            title: t('funds.reviewedBy'),
            render: (_, row) =>
              row.reviewed_by ? `${row.reviewed_by.name} · ${formatTime(row.reviewed_time)}` : '-',
          },
          {
            title: t('common.actions'),
            width: 110,
            render: (_, row) => (
              <Button type={row.status === 0 ? 'primary' : 'default'} onClick={() => setOpenId(row.id)}>
                {row.status === 0 ? t('funds.review') : t('funds.view')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        className="deposit-drawer"
        width={780}
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? t('funds.deposit.drawerTitle', { id: open.id, uid: open.user.uid }) : ''}
        destroyOnHidden
      >
        {open && <DepositReview deposit={open} onDone={() => setOpenId(undefined)} />}
      </Drawer>
    </Page>
  );
}

function DepositReview({ deposit, onDone }: { deposit: StaffDeposit; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const proof = useDepositProof(deposit.id);
  const [form] = Form.useForm<{ amount: string; reason?: string; remark?: string }>();
  const amount = Form.useWatch('amount', form) ?? deposit.suggested_amount;
  const corrected = !sameAmount(amount, deposit.suggested_amount);
  const options = { refresh: [DEPOSITS_KEY], onDone };
  const approve = useAction(approveDeposit, { ...options, successKey: 'funds.deposit.approved' });
  const reject = useAction(rejectDeposit, { ...options, successKey: 'funds.deposit.rejected' });
  const invalid = useAction(invalidDeposit, { ...options, successKey: 'funds.deposit.invalidated' });
  const busy = approve.isPending || reject.isPending || invalid.isPending;
  const mayReview = staffMay(staff.role, 'funds.review') && deposit.status === 0;

  const remarkOf = () => (form.getFieldValue('remark') as string | undefined)?.trim() ?? '';
  return (
    <Flex vertical gap={24}>
      <Descriptions column={2} bordered size="small" className="deposit-details">
        <Descriptions.Item label={t('funds.customer')} span={2}>
          <CustomerCell customer={deposit.user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.channel.title')}>
          <ChannelCell deposit={deposit} />
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <StatusTag kind="deposits" status={deposit.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.deposit.sentTo')} span={2}>
          <Typography.Text code copyable>
            {deposit.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.deposit.number')}>
          <span className="deposit-number">
            {deposit.number} {deposit.currency_code}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.deposit.usdPerUnit')}>{deposit.usd_per_unit}</Descriptions.Item>
        <Descriptions.Item label={t('funds.deposit.suggested')}>
          <span className="deposit-suggested">{deposit.suggested_amount} USDT</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.deposit.credited')}>
          {deposit.status === 1 ? `${deposit.amount} USDT` : '-'}
        </Descriptions.Item>
        {!!deposit.amount_reason && (
          <Descriptions.Item label={t('funds.deposit.amountReason')} span={2}>
            {deposit.amount_reason}
          </Descriptions.Item>
        )}
        {!!deposit.remark && (
          <Descriptions.Item label={t('funds.remark')} span={2}>
            {deposit.remark}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('funds.createdAt')}>{formatTime(deposit.created_time)}</Descriptions.Item>
        <Descriptions.Item label={t('funds.reviewedBy')}>
          {deposit.reviewed_by ? `${deposit.reviewed_by.name} · ${formatTime(deposit.reviewed_time)}` : '-'}
        </Descriptions.Item>
      </Descriptions>

      <div>
        <Typography.Title level={5}>{t('funds.deposit.proof')}</Typography.Title>
        {proof.isLoading && <Spin />}
        {proof.isError && <Alert type="error" showIcon message={proof.error.message} />}
        {proof.data && (
          <figure className="review-figure deposit-proof" style={{ margin: 0 }}>
            <Image
              src={proof.data.url}
              width={360}
              height={240}
              style={{ objectFit: 'contain', background: '#fafafa' }}
              alt={t('funds.deposit.proof')}
            />
            <figcaption>{t('funds.signedUntil', { time: formatTime(proof.data.expires_at) })}</figcaption>
          </figure>
        )}
      </div>

      {mayReview && (
        <Form
          form={form}
          layout="vertical"
          className="deposit-decision"
          // A refusal's message under a field goes once the field is edited.
          onValuesChange={(changed) =>
            form.setFields(
              (Object.keys(changed) as ('amount' | 'reason' | 'remark')[]).map((name) => ({
                name,
                errors: [],
              })),
            )
          }
          initialValues={{ amount: deposit.suggested_amount }}
        >
          <Typography.Title level={5}>{t('funds.deposit.approveTitle')}</Typography.Title>
          <Flex gap={16} align="start">
            <Form.Item
              name="amount"
              label={t('funds.deposit.amountToCredit')}
              extra={t('funds.deposit.amountHint', { amount: deposit.suggested_amount })}
              rules={[
                { required: true, message: t('funds.required') },
                { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('funds.deposit.amountFormat') },
              ]}
              style={{ width: 240 }}
            >
              <Input suffix="USDT" inputMode="decimal" />
            </Form.Item>
            {corrected && (
              <Form.Item
                name="reason"
                label={t('funds.deposit.amountReason')}
                rules={[
                  { required: true, whitespace: true, message: t('funds.deposit.amountReasonRequired') },
                ]}
                style={{ flex: 1 }}
              >
                <Input maxLength={LIMITS.reviewReasonLengthMax} />
              </Form.Item>
            )}
          </Flex>
          <Popconfirm
            title={t('funds.deposit.approveConfirm', { amount })}
            okText={t('funds.deposit.approve')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              form
                .validateFields(corrected ? ['amount', 'reason'] : ['amount'])
                .then((values) =>
                  approve.mutate(
                    corrected
                      ? { id: deposit.id, amount: values.amount, reason: values.reason?.trim() }
                      : { id: deposit.id },
                  ),
                )
                .catch(() => undefined)
            }
          >
            <Button type="primary" loading={busy} className="deposit-approve">
              {t('funds.deposit.approveAmount', { amount })}
            </Button>
          </Popconfirm>

          <Divider />
          <Typography.Title level={5}>{t('funds.deposit.refuseTitle')}</Typography.Title>
          <Form.Item name="remark" label={t('funds.remark')} extra={t('funds.deposit.remarkHint')}>
            <Input.TextArea rows={2} maxLength={LIMITS.reviewReasonLengthMax} showCount />
          </Form.Item>
          <Space>
            <Button
              danger
              loading={busy}
              className="deposit-reject"
              onClick={() => {
                const remark = remarkOf();
                if (remark === '') {
                  form.setFields([{ name: 'remark', errors: [t('funds.deposit.remarkRequired')] }]);
                  return;
                }
                reject.mutate({ id: deposit.id, remark });
              }}
            >
              {t('funds.deposit.reject')}
            </Button>
            <Popconfirm
              title={t('funds.deposit.invalidConfirm')}
              okText={t('funds.deposit.invalid')}
              cancelText={t('common.cancel')}
              onConfirm={() => {
                const remark = remarkOf();
                invalid.mutate(remark ? { id: deposit.id, remark } : { id: deposit.id });
              }}
            >
              <Button loading={busy} className="deposit-invalid">
                {t('funds.deposit.invalid')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      )}
    </Flex>
  );
}
