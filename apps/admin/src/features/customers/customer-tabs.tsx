import type { Follow } from '@meridian/contract/copy';
import { FOLLOW_MODE } from '@meridian/contract/copy';
import type {
  CustomerAccount,
  CustomerDetail,
  CustomerLedgerPage,
  CustomerNote,
  CustomerSession,
} from '@meridian/contract/customers-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { ListSort } from '@meridian/contract/list-sort';
import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Descriptions, Empty, Flex, Form, Input, List, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../../app/router';
import { formatMoney } from '../../lib/format';
import { exportList, ListTable, LOADED, LoadFailed } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import {
  addNote,
  customerKey,
  type OrderTab,
  useCustomerLedger,
  useCustomerNotes,
  useCustomerOrders,
} from './customers-api';
import { formatTime } from './format';

// The tabs of a customer's page. Ledger, orders and notes are read when their tab is first opened
// (each read is audited); the rest came with the page.

const PAGE_SIZE = 20;

type LedgerEntry = CustomerLedgerPage['list'][number];

/** A signed decimal text, red below zero and green above. */
function Amount({ value }: { value: string }) {
  const type = value.startsWith('-') ? 'danger' : Number(value) > 0 ? 'success' : undefined;
  return <Typography.Text type={type}>{formatMoney(value)}</Typography.Text>;
}

export function AccountsTab({ accounts }: { accounts: CustomerAccount[] }) {
  const { t } = useTranslation();
  const money = (key: keyof CustomerAccount, label: string) => ({
    title: label,
    dataIndex: key,
    align: 'right' as const,
    render: (value: string) => <span className={`account-${key}`}>{formatMoney(value)}</span>,
  });
  return (
    <ListTable<CustomerAccount>
      className="customer-accounts"
      rowKey="account_id"
      pagination={false}
      query={LOADED}
      rows={accounts}
      sortable={false}
      csvName="customer-accounts"
      locale={{ emptyText: t('customers.noAccount') }}
      columns={[
        { title: '#', dataIndex: 'account_id', width: 80 },
        {
          title: t('customers.accountMode'),
          dataIndex: 'mode',
          render: (mode: CustomerAccount['mode']) => (
            <Tag color={mode === 'real' ? 'blue' : 'default'}>{t(`customers.${mode}`)}</Tag>
          ),
        },
        { title: t('customers.currency'), dataIndex: 'currency' },
        money('balance', t('customers.balance')),
        money('lock_balance', t('customers.lockBalance')),
        money('margin', t('customers.margin')),
        money('pending_margin', t('customers.pendingMargin')),
        {
          title: t('customers.floatingProfit'),
          dataIndex: 'floating_profit',
          align: 'right',
          render: (value: string) => <Amount value={value} />,
        },
        money('net_value', t('customers.netValue')),
        {
          title: t('customers.riskRate'),
          dataIndex: 'risk_rate',
          align: 'right',
          render: (value: string) => (value ? `${value} %` : '-'),
        },
      ]}
    />
  );
}

/** A sorted tab's `serverSort`: a header click sorts anew from page 1. */
function tabSort(
  sort: ListSort | undefined,
  setSort: (sort: ListSort | undefined) => void,
  setPage: (page: number) => void,
) {
  return {
    sort,
    onChange: (next: ListSort | undefined) => {
      setSort(next);
      setPage(1);
    },
  };
}

export function LedgerTab({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort>();
  const ledger = useCustomerLedger(id, page, PAGE_SIZE, enabled, sort);
  return (
    <ListTable<LedgerEntry>
      className="customer-ledger"
      rowKey="id"
      query={ledger}
      rows={ledger.data?.list}
      csvName="customer-ledger"
      serverSort={tabSort(sort, setSort, setPage)}
      exportRows={() =>
        exportList<LedgerEntry>('/customers/ledger', { id, sort: sort?.sort, order: sort?.order })
      }
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: ledger.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '#', dataIndex: 'id', width: 90, sortKey: 'id' },
        {
          title: t('common.time'),
          dataIndex: 'created_at',
          sortKey: 'created_at',
          render: (value: string) => formatTime(value),
        },
        {
          title: t('customers.entryKind'),
          dataIndex: 'kind',
          sortKey: 'kind',
          render: (value: string) => <Tag>{value}</Tag>,
        },
        // In the reader's language: the server cannot sort it.
        { title: t('customers.memo'), dataIndex: 'memo' },
        {
          title: t('customers.amount'),
          dataIndex: 'amount',
          align: 'right',
          sortKey: 'amount',
          render: (value: string) => <Amount value={value} />,
        },
        {
          title: t('customers.balanceAfter'),
          dataIndex: 'balance_after',
          align: 'right',
          sortKey: 'balance_after',
          render: (value: string) => formatMoney(value),
        },
        {
          title: t('customers.order'),
          dataIndex: 'order_id',
          sortKey: 'order_id',
          sortValue: (row) => row.order_id ?? '',
          render: (value: number | null) => (value === null ? '-' : `#${value}`),
        },
      ]}
    />
  );
}

const ORDER_TABS: OrderTab[] = ['holding', 'pending', 'history'];

export function OrdersTab({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderTab>('holding');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort>();
  const orders = useCustomerOrders(id, status, page, PAGE_SIZE, enabled, sort);
  const time = (row: Order) => row.CloseTime || row.OpenTime || row.CreateTime;
  return (
    <Flex vertical gap={12}>
      <Segmented
        className="customer-order-tabs"
        style={{ alignSelf: 'flex-start' }}
        value={status}
        onChange={(value) => {
          setStatus(value as OrderTab);
          setPage(1);
        }}
        options={ORDER_TABS.map((value) => ({ value, label: t(`customers.orderTab.${value}`) }))}
      />
      <ListTable<Order>
        className="customer-orders"
        rowKey="Id"
        query={orders}
        rows={orders.data?.list}
        csvName="customer-orders"
        serverSort={tabSort(sort, setSort, setPage)}
        exportRows={() =>
          exportList<Order>('/customers/orders', { id, status, sort: sort?.sort, order: sort?.order })
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: orders.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '#', dataIndex: 'Id', width: 90, sortKey: 'id' },
          {
            title: t('customers.instrument'),
            sortKey: 'instrument',
            sortValue: (row) => row.ForexTradeLists.ShowCode,
            render: (_, row) => row.ForexTradeLists.ShowCode,
          },
          {
            title: t('customers.side'),
            sortKey: 'side',
            sortValue: (row) => (row.OrderType === ORDER_TYPE.buy ? t('customers.buy') : t('customers.sell')),
            render: (_, row) =>
              row.OrderType === ORDER_TYPE.buy ? (
                <Tag color="green">{t('customers.buy')}</Tag>
              ) : (
                <Tag color="red">{t('customers.sell')}</Tag>
              ),
          },
          { title: t('customers.lots'), dataIndex: 'Quantity', align: 'right', sortKey: 'lots' },
          { title: t('customers.openPrice'), dataIndex: 'Price', align: 'right', sortKey: 'open_price' },
          {
            title: status === 'history' ? t('customers.closePrice') : t('customers.markPrice'),
            dataIndex: 'UpdatePrice',
            align: 'right',
            sortKey: 'price',
          },
          { title: t('customers.margin'), dataIndex: 'CautionMoney', align: 'right', sortKey: 'margin' },
          {
            title: t('customers.profit'),
            dataIndex: 'FactProfits',
            align: 'right',
            sortKey: 'profit',
            render: (value: string) => <Amount value={value} />,
          },
          {
            title: t('common.status'),
            sortKey: 'state',
            sortValue: (row) => t(`customers.orderState.${row.State}`),
            render: (_, row) => t(`customers.orderState.${row.State}`),
          },
          {
            title: t('common.time'),
            sortKey: 'time',
            sortValue: (row) => formatTime(time(row)),
            render: (_, row) => formatTime(time(row)),
          },
        ]}
      />
    </Flex>
  );
}

export function FollowsTab({ follows }: { follows: Follow[] }) {
  const { t } = useTranslation();
  return (
    <ListTable<Follow>
      className="customer-follows"
      rowKey="id"
      pagination={false}
      query={LOADED}
      rows={follows}
      csvName="customer-follows"
      locale={{ emptyText: t('customers.noFollows') }}
      columns={[
        { title: '#', dataIndex: 'id', width: 80 },
        { title: t('customers.trader'), dataIndex: 'trader_name' },
        {
          title: t('customers.followMode'),
          render: (_, row) =>
            row.mode === FOLLOW_MODE.ratio
              ? t('customers.followRatio', { ratio: row.ratio })
              : t('customers.followAmount'),
        },
        { title: t('customers.amount'), dataIndex: 'amount', align: 'right' },
        {
          title: t('customers.result'),
          dataIndex: 'result',
          align: 'right',
          render: (v: string) => <Amount value={v} />,
        },
        { title: t('customers.openCopies'), dataIndex: 'open_copies', align: 'right' },
        {
          title: t('common.status'),
          render: (_, row) => (
            <Tag color={row.state === 'active' ? 'green' : row.state === 'paused' ? 'gold' : 'default'}>
              {t(`customers.followState.${row.state}`)}
            </Tag>
          ),
        },
        { title: t('customers.since'), render: (_, row) => formatTime(row.created_at) },
      ]}
    />
  );
}

const IDENTITY_COLORS = { none: 'default', pending: 'gold', verified: 'green', rejected: 'red' } as const;

export function IdentityTab({ identity }: { identity: CustomerDetail['identity'] }) {
  const { t } = useTranslation();
  // The server masks the name and number for roles without identity.read; the screen says so.
  const masked = !staffMay(useStaff().role, 'identity.read') && identity.state !== 'none';
  return (
    <Descriptions bordered size="small" column={2} className="customer-identity-record">
      <Descriptions.Item label={t('common.status')} span={2}>
        <Tag color={IDENTITY_COLORS[identity.state]}>{t(`customers.identityState.${identity.state}`)}</Tag>
        {masked && (
          <Typography.Text type="secondary" className="customer-identity-masked">
            {t('customers.identityMasked')}
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('customers.realName')}>{identity.name || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('customers.cardId')}>
        {identity.card_id ? <Typography.Text code>{identity.card_id}</Typography.Text> : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('customers.submittedAt')}>
        {formatTime(identity.submitted_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t('customers.reviewedAt')}>
        {formatTime(identity.reviewed_at)}
      </Descriptions.Item>
      {identity.reason !== '' && (
        <Descriptions.Item label={t('common.reason')} span={2}>
          {identity.reason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

export function SessionsTab({ sessions }: { sessions: CustomerSession[] }) {
  const { t } = useTranslation();
  return (
    <ListTable<CustomerSession>
      className="customer-sessions"
      rowKey="id"
      pagination={false}
      query={LOADED}
      rows={sessions}
      csvName="customer-sessions"
      locale={{ emptyText: t('customers.noSessions') }}
      columns={[
        { title: t('customers.sessionStarted'), render: (_, row) => formatTime(row.created_at) },
        { title: t('customers.lastSeen'), render: (_, row) => formatTime(row.last_seen_at) },
        { title: t('customers.address'), dataIndex: 'address' },
        {
          title: t('customers.device'),
          dataIndex: 'device',
          ellipsis: true,
          render: (value: string) => <span title={value}>{value || '-'}</span>,
        },
      ]}
    />
  );
}

export function NotesTab({ id, enabled, mayAdd }: { id: number; enabled: boolean; mayAdd: boolean }) {
  const { t } = useTranslation();
  const notes = useCustomerNotes(id, enabled);
  const [form] = Form.useForm<{ body: string }>();
  const add = useAction(addNote, {
    refresh: [[...customerKey(id), 'notes']],
    successKey: 'customers.noteAdded',
    onDone: () => form.resetFields(),
  });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      {mayAdd && (
        <Form form={form} layout="vertical" className="customer-note-form">
          <Form.Item
            name="body"
            label={t('customers.newNote')}
            extra={t('customers.noteHint')}
            rules={[{ required: true, whitespace: true, message: t('customers.noteRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={LIMITS.customerNoteLengthMax}
              showCount
              className="customer-note-body"
            />
          </Form.Item>
          <Button
            type="primary"
            className="customer-note-add"
            loading={add.isPending}
            onClick={() =>
              form
                .validateFields()
                .then(({ body }) => add.mutate({ id, body: body.trim() }))
                .catch(() => undefined)
            }
          >
            {t('customers.addNote')}
          </Button>
        </Form>
      )}
      {notes.isError && <LoadFailed query={notes} />}
      <List<CustomerNote>
        style={notes.isError ? { display: 'none' } : undefined}
        className="customer-notes"
        loading={notes.isLoading}
        dataSource={notes.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('customers.noNotes')} /> }}
        renderItem={(note) => (
          <List.Item>
            <List.Item.Meta
              title={`${note.staff.name} · ${formatTime(note.created_at)}`}
              description={
                <span style={{ whiteSpace: 'pre-wrap', color: 'rgba(0, 0, 0, 0.88)' }}>{note.body}</span>
              }
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
