import { DEPOSIT_TYPE, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { DepositFlag, StaffDeposit } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { depositApprovalsNeeded } from '@meridian/domain/deposit-four-eyes';
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
  Steps,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { formatMoney, formatNumber } from '../../lib/format';
import { exportList, ListTable, serverSortOf } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { CustomerContextPanel } from './customer-context';
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

/**
 * The customer in a queue row, kept narrow (the e-mail cut with its whole text on hover) so that at
 * 1024 pixels the amounts, the status and the flags are in sight without scrolling.
 */
function QueueCustomer({ customer }: { customer: StaffDeposit['user'] }) {
  const contact = customer.email || customer.mobile;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{customer.uid}</Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: contact }} style={{ maxWidth: 150 }}>
        #{customer.id} · {contact}
      </Typography.Text>
    </Space>
  );
}

/** Today's four-eyes terms the list answers, for the drawer's preview of a typed credit. */
type FourEyesTerms = { fourEyesThresholdUsd: string; tolerancePercent: string };

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

const FLAG_COLORS: Record<DepositFlag, string> = {
  credit_differs: 'volcano',
  placeholder_channel: 'red',
  proof_reused: 'magenta',
  first_deposit: 'geekblue',
};

/** The review flags as tags, in the screen's language. */
function FlagTags({ flags }: { flags: readonly DepositFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Space size={[4, 4]} wrap className="deposit-flags">
      {flags.map((flag) => (
        <Tag key={flag} color={FLAG_COLORS[flag]} className={`flag-${flag}`}>
          {t(`funds.flags.${flag}.tag`)}
        </Tag>
      ))}
    </Space>
  );
}

/** "Approvals 1 of 2" while a deposit credit waits for its second approver. */
function DepositApprovalsTag({ deposit }: { deposit: StaffDeposit }) {
  const { t } = useTranslation();
  if (deposit.approvals_needed < 2) return null;
  return (
    <Tag color={deposit.approvals.length > 0 ? 'blue' : 'purple'} className="approvals-tag">
      {t('funds.withdrawal.approvalsOf', {
        count: deposit.approvals.length,
        needed: deposit.approvals_needed,
      })}
    </Tag>
  );
}

/** Where a deposit was sent: the coin and its network, or the bank of the wire account. */
function ChannelCell({ deposit }: { deposit: StaffDeposit }) {
  const { t } = useTranslation();
  return deposit.type === DEPOSIT_TYPE.coin ? (
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
  const [filter, setFilter] = useState<RecordFilter>({ status: FUNDS_STATUS.unchecked, page: 1, limit: 20 });
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
      <ListTable<StaffDeposit>
        className="deposits-table"
        // At 1024 pixels the columns scroll inside the table, and the review button stays in sight.
        scroll={{ x: 'max-content' }}
        rowKey="id"
        query={deposits}
        rows={deposits.data?.list}
        csvName="deposits"
        serverSort={serverSortOf(filter, setFilter)}
        exportRows={() => exportList<StaffDeposit>('/funds/deposits', filter)}
        onRow={(row) => ({ 'data-record-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: deposits.data?.total ?? 0,
          onChange: (page) => setFilter({ ...filter, page }),
          showSizeChanger: false,
        }}
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
            render: (_, row) =>
              row.status === FUNDS_STATUS.finished ? (
                <Typography.Text strong>
                  <Nowrap>{formatMoney(row.amount)} USDT</Nowrap>
                </Typography.Text>
              ) : row.status === FUNDS_STATUS.unchecked && row.approvals[0] ? (
                <Space direction="vertical" size={0} className="deposit-first-amount">
                  <Typography.Text strong>
                    <Nowrap>{row.approvals[0].amount} USDT</Nowrap>
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    <Nowrap>{t('funds.deposit.suggestedShort', { amount: row.suggested_amount })}</Nowrap>
                  </Typography.Text>
                </Space>
              ) : row.status === FUNDS_STATUS.unchecked ? (
                <Typography.Text type="secondary">
                  {t('funds.deposit.suggestedShort', { amount: formatMoney(row.suggested_amount) })}
                </Typography.Text>
              ) : (
                '-'
              ),
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
                  {row.status === FUNDS_STATUS.unchecked && <DepositApprovalsTag deposit={row} />}
                </Space>
                <FlagTags flags={row.flags} />
              </Space>
            ),
          },
          { title: t('funds.channel.title'), render: (_, row) => <ChannelCell deposit={row} /> },
          {
            title: t('funds.createdAt'),
            sortKey: 'created_at',
            sortValue: (row) => row.created_time,
            render: (_, row) => <Nowrap>{formatTime(row.created_time)}</Nowrap>,
          },
          {
            title: t('funds.reviewedBy'),
            render: (_, row) =>
              row.reviewed_by ? (
                `${row.reviewed_by.name} · ${formatTime(row.reviewed_time)}`
              ) : row.approvals[0] ? (
                <Space direction="vertical" size={0} className="deposit-first-approval">
                  <span>{t('funds.deposit.firstApprovedBy', { name: row.approvals[0].staff.name })}</span>
                  <Typography.Text type="secondary">
                    <Nowrap>{formatTime(row.approvals[0].at)}</Nowrap>
                  </Typography.Text>
                </Space>
              ) : (
                '-'
              ),
          },
          {
            title: t('common.actions'),
            width: 110,
            fixed: 'right',
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
        className="deposit-drawer"
        width={780}
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? t('funds.deposit.drawerTitle', { id: open.id, uid: open.user.uid }) : ''}
        destroyOnHidden
      >
        {open && (
          <DepositReview
            deposit={open}
            terms={{
              fourEyesThresholdUsd: deposits.data?.four_eyes_usd ?? '0',
              tolerancePercent: deposits.data?.tolerance_percent ?? '0',
            }}
            onDone={() => setOpenId(undefined)}
          />
        )}
      </Drawer>
    </Page>
  );
}

/** What the drawer warns of: the server's flags, and a typed credit other than the suggested one. */
function FlagsAlert({ flags, waiting }: { flags: readonly DepositFlag[]; waiting: boolean }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Alert
      type={waiting ? 'warning' : 'info'}
      showIcon
      className="deposit-flags-alert"
      message={waiting ? t('funds.flags.alertTitle') : t('funds.flags.reviewedTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {flags.map((flag) => (
            <li key={flag} className={`flag-text-${flag}`}>
              <Typography.Text strong>{t(`funds.flags.${flag}.tag`)}</Typography.Text>:{' '}
              {t(`funds.flags.${flag}.text`)}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The four-eyes steps: who approved first (with the amount), and the approval still missing. */
function DepositApprovals({
  deposit,
  needed,
  terms,
}: {
  deposit: StaffDeposit;
  needed: number;
  terms: FourEyesTerms;
}) {
  const { t } = useTranslation();
  return (
    <div className="four-eyes">
      <Typography.Title level={5}>
        {t('funds.withdrawal.approvals')}{' '}
        <Tag color={deposit.approvals.length > 0 ? 'blue' : 'purple'} className="approvals-tag">
          {t('funds.withdrawal.approvalsOf', { count: deposit.approvals.length, needed })}
        </Tag>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('funds.deposit.fourEyesHint', {
          tolerance: terms.tolerancePercent,
          threshold: terms.fourEyesThresholdUsd,
        })}
      </Typography.Paragraph>
      <Steps
        direction="vertical"
        size="small"
        current={deposit.approvals.length}
        items={Array.from({ length: needed }, (_, index) => {
          const approval = deposit.approvals[index];
          return {
            title: approval
              ? t('funds.deposit.approvedAmountBy', { name: approval.staff.name, amount: approval.amount })
              : t('funds.withdrawal.approvalWaiting', { index: index + 1 }),
            description: approval
              ? [formatTime(approval.at), approval.reason].filter(Boolean).join(' · ')
              : undefined,
            status: approval ? 'finish' : deposit.status === FUNDS_STATUS.unchecked ? 'wait' : 'error',
          };
        })}
      />
    </div>
  );
}

function DepositReview({
  deposit,
  terms,
  onDone,
}: {
  deposit: StaffDeposit;
  terms: FourEyesTerms;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const proof = useDepositProof(deposit.id);
  const [form] = Form.useForm<{ amount: string; reason?: string; remark?: string }>();
  const first = deposit.status === FUNDS_STATUS.unchecked ? deposit.approvals[0] : undefined;
  const amount = Form.useWatch('amount', form) ?? first?.amount ?? deposit.suggested_amount;
  const corrected = !sameAmount(amount, deposit.suggested_amount);
  // The screen's preview of the rule the server applies again: does this credit need two people?
  const needsSecond =
    first === undefined &&
    AMOUNT_PATTERN.test(amount.trim()) &&
    depositApprovalsNeeded({ ...terms, credit: amount.trim(), suggested: deposit.suggested_amount }) === 2;
  const approvalsShown = Math.max(deposit.approvals_needed, needsSecond ? 2 : 1);
  const flags: DepositFlag[] =
    corrected && deposit.status === FUNDS_STATUS.unchecked && !deposit.flags.includes('credit_differs')
      ? ['credit_differs', ...deposit.flags]
      : deposit.flags;
  const options = { refresh: [DEPOSITS_KEY, ['customers', 'context']], onDone };
  const approve = useAction(approveDeposit, {
    ...options,
    successKey: needsSecond ? 'funds.deposit.approvedFirst' : 'funds.deposit.approved',
  });
  const reject = useAction(rejectDeposit, { ...options, successKey: 'funds.deposit.rejected' });
  const invalid = useAction(invalidDeposit, { ...options, successKey: 'funds.deposit.invalidated' });
  const busy = approve.isPending || reject.isPending || invalid.isPending;
  const mayReview = staffMay(staff.role, 'funds.review') && deposit.status === FUNDS_STATUS.unchecked;
  const approvedByMe = deposit.approvals.some((approval) => approval.staff.id === staff.id);

  const remarkOf = () => (form.getFieldValue('remark') as string | undefined)?.trim() ?? '';
  return (
    <Flex vertical gap={24}>
      <FlagsAlert flags={flags} waiting={deposit.status === FUNDS_STATUS.unchecked} />
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
          {deposit.status === FUNDS_STATUS.finished ? `${deposit.amount} USDT` : '-'}
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

      {approvalsShown > 1 && <DepositApprovals deposit={deposit} needed={approvalsShown} terms={terms} />}

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

      <CustomerContextPanel userId={deposit.user.id} />

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
          initialValues={{ amount: first?.amount ?? deposit.suggested_amount, reason: first?.reason }}
        >
          <Typography.Title level={5}>
            {first ? t('funds.deposit.secondApprovalTitle') : t('funds.deposit.approveTitle')}
          </Typography.Title>
          {approvedByMe ? (
            <Alert
              type="warning"
              showIcon
              className="four-eyes-same-staff"
              message={t('funds.deposit.sameStaffTitle')}
              description={t('funds.deposit.sameStaffText')}
            />
          ) : (
            <>
              {first && (
                <Alert
                  type="info"
                  showIcon
                  className="deposit-second-approval"
                  style={{ marginBottom: 16 }}
                  message={t('funds.deposit.secondApprovalText', {
                    name: first.staff.name,
                    amount: first.amount,
                  })}
                />
              )}
              <Flex gap={16} align="start" wrap>
                <Form.Item
                  name="amount"
                  label={t('funds.deposit.amountToCredit')}
                  extra={t('funds.deposit.amountHint', { amount: deposit.suggested_amount })}
                  rules={[
                    { required: true, message: t('funds.required') },
                    { pattern: AMOUNT_PATTERN, message: t('funds.deposit.amountFormat') },
                  ]}
                  style={{ width: 240 }}
                >
                  <Input suffix="USDT" inputMode="decimal" disabled={first !== undefined} />
                </Form.Item>
                {corrected && (
                  <Form.Item
                    name="reason"
                    label={t('funds.deposit.amountReason')}
                    rules={[
                      { required: true, whitespace: true, message: t('funds.deposit.amountReasonRequired') },
                    ]}
                    style={{ flex: 1, minWidth: 240 }}
                  >
                    <Input maxLength={LIMITS.reviewReasonLengthMax} disabled={first !== undefined} />
                  </Form.Item>
                )}
              </Flex>
              {needsSecond && (
                <Typography.Paragraph type="secondary" className="deposit-needs-second">
                  {t('funds.deposit.needsSecondText')}
                </Typography.Paragraph>
              )}
              <Popconfirm
                title={
                  needsSecond
                    ? t('funds.deposit.firstApprovalConfirm', { amount })
                    : t('funds.deposit.approveConfirm', { amount })
                }
                okText={t('funds.deposit.approve')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  form
                    .validateFields(corrected ? ['amount', 'reason'] : ['amount'])
                    .then((values) =>
                      approve.mutate(
                        first
                          ? { id: deposit.id, amount: first.amount }
                          : corrected
                            ? { id: deposit.id, amount: values.amount, reason: values.reason?.trim() }
                            : { id: deposit.id },
                      ),
                    )
                    .catch(() => undefined)
                }
              >
                <Button type="primary" loading={busy} className="deposit-approve">
                  {needsSecond
                    ? t('funds.deposit.approveFirst', { amount })
                    : t('funds.deposit.approveAmount', { amount })}
                </Button>
              </Popconfirm>
            </>
          )}

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
