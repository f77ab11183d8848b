import type { Follow } from '@meridian/contract/copy';
import { FOLLOW_MODE } from '@meridian/contract/copy';
import type { CustomerAccount, CustomerDetail, CustomerSession } from '@meridian/contract/customers-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ListTable, LOADED } from '../../lib/list-table';
import { Amount } from './signed-amount';

// The tabs of a customer's page whose rows came with the page. The ledger, orders and notes are
// read when their tab is first opened: customer-ledger-orders-tabs.tsx, customer-notes-tab.tsx.

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

export function FollowsTab({ follows }: { follows: Follow[] }) {
  const { t } = useTranslation();
  return (
    <ListTable<Follow>
      className="customer-follows"
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
        { title: t('customers.since'), render: (_, row) => formatDateTime(row.created_at) },
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
        {formatDateTime(identity.submitted_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t('customers.reviewedAt')}>
        {formatDateTime(identity.reviewed_at)}
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
      pagination={false}
      query={LOADED}
      rows={sessions}
      csvName="customer-sessions"
      locale={{ emptyText: t('customers.noSessions') }}
      columns={[
        { title: t('customers.sessionStarted'), render: (_, row) => formatDateTime(row.created_at) },
        { title: t('customers.lastSeen'), render: (_, row) => formatDateTime(row.last_seen_at) },
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
