import type { CustomerContext, CustomerContextRecord } from '@meridian/contract/customer-context-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaff } from '../hooks/use-staff';
import { adminApi } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { StatusTag } from './funds-status-tag';

const IDENTITY_COLORS: Record<CustomerContext['identity_state'], string> = {
  none: 'default',
  pending: 'gold',
  verified: 'green',
  rejected: 'red',
};

/** GET /admin/api/customers/context: who a review is about, in one call (audited by the server). */
function useCustomerContext(userId: number) {
  return useQuery({
    queryKey: ['customers', 'context', userId],
    queryFn: () => adminApi<CustomerContext>('GET', '/customers/context', { user_id: userId }),
  });
}

function RecentRecords({
  kind,
  records,
  total,
}: {
  kind: 'deposits' | 'withdrawals';
  records: CustomerContextRecord[];
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <div className={`context-${kind}`} style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text strong>{t(`funds.context.${kind}`, { count: total })}</Typography.Text>
      <Table<CustomerContextRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={records}
        locale={{ emptyText: t(`funds.context.no_${kind}`) }}
        columns={[
          { title: '#', dataIndex: 'id', width: 56 },
          {
            title: t('funds.context.amount'),
            align: 'right',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {row.number} {row.currency}
              </span>
            ),
          },
          { title: t('common.status'), render: (_, row) => <StatusTag kind={kind} status={row.status} /> },
          {
            title: t('funds.createdAt'),
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</span>
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * The customer a review is about: identity state, balances, the latest deposits and
 * withdrawals and a link to their page, shown in the deposit, withdrawal and identity drawers.
 */
export function CustomerContextPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const context = useCustomerContext(userId);
  return (
    <section className="customer-context">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5}>{t('funds.context.title')}</Typography.Title>
        {staffMay(staff.role, 'customers.read') && (
          <Link to={`/customers/${userId}`} className="customer-context-link">
            {t('funds.context.openCustomer')}
          </Link>
        )}
      </Flex>
      {context.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {context.isError && (
        <Alert
          type="error"
          showIcon
          message={context.error.message}
          action={
            <Button size="small" onClick={() => context.refetch()}>
              {t('funds.context.retry')}
            </Button>
          }
        />
      )}
      {context.data && (
        <Flex vertical gap={12}>
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('funds.context.identity')}>
              <Tag color={IDENTITY_COLORS[context.data.identity_state]} className="context-identity">
                {t(`funds.context.identityStates.${context.data.identity_state}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('funds.context.balance')}>
              <span className="context-balance" style={{ whiteSpace: 'nowrap' }}>
                {context.data.balance === '' ? '-' : `${context.data.balance} USDT`}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('funds.context.locked')}>
              <span style={{ whiteSpace: 'nowrap' }}>
                {context.data.lock_balance === '' ? '-' : `${context.data.lock_balance} USDT`}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Flex gap={16} wrap>
            <RecentRecords
              kind="deposits"
              records={context.data.deposits}
              total={context.data.deposits_total}
            />
            <RecentRecords
              kind="withdrawals"
              records={context.data.withdrawals}
              total={context.data.withdrawals_total}
            />
          </Flex>
        </Flex>
      )}
    </section>
  );
}
