import type { CustomerLedgerPage } from '@meridian/contract/customers-staff';
import type { ListSort } from '@meridian/contract/list-sort';
import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { Flex, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { exportList, ListTable } from '../../lib/list-table';
import { type OrderTab, useCustomerLedger, useCustomerOrders } from './customers-api';
import { Amount } from './signed-amount';

// A customer's ledger and orders: paginated and sorted by the server, each read when its tab is
// first opened (each read is audited).

const PAGE_SIZE = 20;

type LedgerEntry = CustomerLedgerPage['list'][number];

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
          render: (value: string) => formatDateTime(value),
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
            sortValue: (row) => formatDateTime(time(row)),
            render: (_, row) => formatDateTime(time(row)),
          },
        ]}
      />
    </Flex>
  );
}
