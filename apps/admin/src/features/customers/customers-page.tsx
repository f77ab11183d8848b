import type { CustomerSummary } from '@meridian/contract/customers-staff';
import { LIMITS } from '@meridian/contract/limits';
import { Input, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { useServerPaging } from '../../lib/list-paging';
import { exportList } from '../../lib/list-table';
import { PagedListTable } from '../../lib/paged-list-table';
import { CustomerPage } from './customer-page';
import { KindTag, LoginTag } from './customer-tags';
import { useCustomerSearch } from './customers-api';

/**
 * The customers screen: the search (/customers?q=...) and a customer's page (/customers/<id>),
 * declared here because the screen's route is mounted with `/*`.
 */
export function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomerSearch />} />
      <Route path=":id" element={<CustomerPage />} />
    </Routes>
  );
}

const PAGE_SIZE = LIMITS.customerSearchPageSizeDefault;

/**
 * Every customer, newest first, a page at a time; or those whose uid, e-mail, name or mobile number
 * holds what was typed. The query stays in the address (back keeps it).
 */
function CustomerSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const paging = useServerPaging(PAGE_SIZE);
  const search = useCustomerSearch(q, paging.page, PAGE_SIZE, paging.sort);
  return (
    <Page title={t('nav.customers')}>
      <Input.Search
        className="customers-search"
        defaultValue={q}
        allowClear
        enterButton={t('common.search')}
        size="large"
        maxLength={LIMITS.customerSearchLengthMax}
        placeholder={t('customers.searchPlaceholder')}
        style={{ maxWidth: 560, marginBottom: 16 }}
        onSearch={(value) => {
          paging.setPage(1);
          setParams(value.trim() ? { q: value.trim() } : {});
        }}
      />
      <Typography.Paragraph type="secondary">{t('customers.searchHint')}</Typography.Paragraph>
      <PagedListTable<CustomerSummary>
        className="customers-results"
        query={search}
        csvName="customers"
        paging={paging}
        exportRows={() => exportList<CustomerSummary>('/customers/search', { q, ...paging.sortFields })}
        locale={{ emptyText: q ? t('customers.noMatch') : t('customers.none') }}
        onRow={(row) =>
          ({
            'data-customer-id': row.id,
            style: { cursor: 'pointer' },
            tabIndex: 0,
            onClick: () => navigate(`/customers/${row.id}`),
            onKeyDown: (event) => {
              if (event.key === 'Enter') navigate(`/customers/${row.id}`);
            },
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={{
          hideOnSinglePage: true,
          showTotal: (total) => t('customers.count', { count: total }),
        }}
        columns={[
          {
            title: t('customers.uid'),
            dataIndex: 'uid',
            sortKey: 'uid',
            render: (uid: string) => <Typography.Text strong>{uid}</Typography.Text>,
          },
          { title: '#', csvTitle: 'id', dataIndex: 'id', width: 90, sortKey: 'id' },
          {
            title: t('customers.email'),
            dataIndex: 'email',
            sortKey: 'email',
            render: (value: string) => value || '-',
          },
          {
            title: t('customers.mobile'),
            dataIndex: 'mobile',
            sortKey: 'mobile',
            render: (value: string) => value || '-',
          },
          {
            title: t('customers.kind'),
            sortKey: 'is_demo',
            sortValue: (row) => (row.is_demo ? t('customers.demo') : t('customers.real')),
            render: (_, row) => <KindTag isDemo={row.is_demo} />,
          },
          {
            title: t('customers.createdAt'),
            dataIndex: 'created_at',
            sortKey: 'created_at',
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('customers.login'),
            dataIndex: 'login_disabled_at',
            sortKey: 'login_disabled_at',
            render: (_, row) => <LoginTag disabledAt={row.login_disabled_at} />,
          },
        ]}
      />
    </Page>
  );
}
