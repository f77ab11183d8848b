import type { CustomerLedgerPage } from '@meridian/contract/customers-staff';
import type { Order } from '@meridian/contract/trading';
import { Flex, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useServerPaging } from '../../lib/list-paging';
import { exportList } from '../../lib/list-table';
import { PagedListTable } from '../../lib/paged-list-table';
import { ORDER_TABS, orderSide, orderTime } from './customer-orders';
import { type OrderTab, useCustomerLedger, useCustomerOrders } from './customers-api';
import { Amount } from './signed-amount';

// A customer's ledger and orders: paginated and sorted by the server, each read when its tab is
// first opened (each read is audited).

const PAGE_SIZE = 20;

type LedgerEntry = CustomerLedgerPage['list'][number];

export function LedgerTab({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation();
  const paging = useServerPaging(PAGE_SIZE);
  const ledger = useCustomerLedger(id, paging.page, PAGE_SIZE, enabled, paging.sort);
  return (
    <PagedListTable<LedgerEntry>
      className="customer-ledger"
      query={ledger}
      csvName="customer-ledger"
      paging={paging}
      exportRows={() => exportList<LedgerEntry>('/customers/ledger', { id, ...paging.sortFields })}
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

export function OrdersTab({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderTab>('holding');
  const paging = useServerPaging(PAGE_SIZE);
  const orders = useCustomerOrders(id, status, paging.page, PAGE_SIZE, enabled, paging.sort);
  return (
    <Flex vertical gap={12}>
      <Segmented
        className="customer-order-tabs"
        style={{ alignSelf: 'flex-start' }}
        value={status}
        onChange={(value) => {
          setStatus(value as OrderTab);
          paging.setPage(1);
        }}
        options={ORDER_TABS.map((value) => ({ value, label: t(`customers.orderTab.${value}`) }))}
      />
      <PagedListTable<Order>
        className="customer-orders"
        rowKey="Id"
        query={orders}
        csvName="customer-orders"
        paging={paging}
        exportRows={() => exportList<Order>('/customers/orders', { id, status, ...paging.sortFields })}
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
            sortValue: (row) => t(orderSide(row).labelKey),
            render: (_, row) => <Tag color={orderSide(row).color}>{t(orderSide(row).labelKey)}</Tag>,
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
            sortValue: (row) => formatDateTime(orderTime(row)),
            render: (_, row) => formatDateTime(orderTime(row)),
          },
        ]}
      />
    </Flex>
  );
}
