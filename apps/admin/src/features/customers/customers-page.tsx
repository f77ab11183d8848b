import type { CustomerSummary } from '@meridian/contract/customers-staff';
import { LIMITS } from '@meridian/contract/limits';
import { Alert, Input, Table, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { CustomerPage } from './customer-page';
import { KindTag, LoginTag } from './customer-tags';
import { useCustomerSearch } from './customers-api';
import { formatTime } from './format';

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

/** The search: by exact uid, e-mail or mobile number; the query stays in the address (back keeps it). */
function CustomerSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [page, setPage] = useState(1);
  const search = useCustomerSearch(q, page, PAGE_SIZE);
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
          setPage(1);
          setParams(value.trim() ? { q: value.trim() } : {});
        }}
      />
      <Typography.Paragraph type="secondary">{t('customers.searchHint')}</Typography.Paragraph>
      {search.isError && (
        <Alert type="error" showIcon message={search.error.message} style={{ marginBottom: 16 }} />
      )}
      {q !== '' && (
        <Table<CustomerSummary>
          className="customers-results"
          rowKey="id"
          loading={search.isFetching}
          dataSource={search.data?.list ?? []}
          locale={{ emptyText: t('customers.noMatch') }}
          onRow={(row) =>
            ({
              'data-customer-id': row.id,
              style: { cursor: 'pointer' },
              onClick: () => navigate(`/customers/${row.id}`),
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: search.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('customers.uid'),
              dataIndex: 'uid',
              render: (uid: string) => <Typography.Text strong>{uid}</Typography.Text>,
            },
            { title: '#', dataIndex: 'id', width: 90 },
            { title: t('customers.email'), dataIndex: 'email', render: (value: string) => value || '-' },
            { title: t('customers.mobile'), dataIndex: 'mobile', render: (value: string) => value || '-' },
            { title: t('customers.kind'), render: (_, row) => <KindTag isDemo={row.is_demo} /> },
            { title: t('customers.createdAt'), render: (_, row) => formatTime(row.created_at) },
            {
              title: t('customers.login'),
              render: (_, row) => <LoginTag disabledAt={row.login_disabled_at} />,
            },
          ]}
        />
      )}
    </Page>
  );
}
