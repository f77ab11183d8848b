import type { ExposureRow } from '@meridian/contract/back-office';
import type { StaffPermission } from '@meridian/domain/staff-roles';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Card, Col, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { ListTable, LOADED, QueryState } from '../../lib/list-table';
import { useDashboard } from './dashboard-api';
import { MONEY_CARDS, netPosition, QUEUE_CARDS } from './dashboard-cards';
import { ExecutionCard } from './execution-card';
import { ExecutionQualityCard } from './execution-quality-card';
import { FeedCard } from './feed-card';
import './dashboard.css';
import { useStaff } from '../../hooks/use-staff';

/** A USDT amount as the server sent it (decimal text), in the back office's one money format. */
function formatUsdt(value: string): string {
  return formatMoney(value);
}

/** Lots as the server sent them, without trailing zeros. */
function formatLots(value: string): string {
  return formatNumber(value);
}

function QueueCard({
  title,
  value,
  to,
  permission,
  className,
}: {
  title: string;
  value: number;
  to: string;
  permission: StaffPermission;
  className: string;
}) {
  const staff = useStaff();
  const { t } = useTranslation();
  const linked = staffMay(staff.role, permission);
  return (
    <Card size="small" className={className}>
      <Statistic
        title={title}
        value={value}
        valueStyle={value > 0 ? { color: '#d46b08' } : undefined}
        suffix={value > 0 ? <Tag color="orange">{t('dashboard.waiting')}</Tag> : undefined}
      />
      {linked && (
        <Link to={to} className="dashboard-open">
          {t('dashboard.open')}
        </Link>
      )}
    </Card>
  );
}

function MoneyCard({
  title,
  count,
  usdt,
  className,
}: {
  title: ReactNode;
  count: number;
  usdt: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" className={className}>
      <Statistic title={title} value={formatUsdt(usdt)} suffix="USDT" />
      <Typography.Text type="secondary">{t('dashboard.count', { count })}</Typography.Text>
    </Card>
  );
}

function ExposureTable({ rows, mode }: { rows: ExposureRow[]; mode: 'real' | 'demo' }) {
  const { t } = useTranslation();
  return (
    <ListTable<ExposureRow>
      className={`exposure-${mode}`}
      size="small"
      rowKey="instrument_id"
      pagination={false}
      query={LOADED}
      rows={rows}
      csvName={`exposure-${mode}`}
      locale={{ emptyText: t('dashboard.noPositions') }}
      columns={[
        { title: t('dashboard.instrument'), dataIndex: 'code' },
        { title: t('dashboard.positions'), dataIndex: 'positions', align: 'right' },
        {
          title: t('dashboard.longLots'),
          dataIndex: 'long_lots',
          align: 'right',
          render: (value: string) => formatLots(value),
        },
        {
          title: t('dashboard.shortLots'),
          dataIndex: 'short_lots',
          align: 'right',
          render: (value: string) => formatLots(value),
        },
        {
          title: t('dashboard.netLots'),
          dataIndex: 'net_lots',
          align: 'right',
          render: (value: string) => {
            const net = netPosition(value, formatLots(value));
            return (
              <Tag color={net.color}>
                {t(net.labelKey)} {net.lots}
              </Tag>
            );
          },
        },
      ]}
    />
  );
}

/**
 * The back office's first screen: what waits for staff, today's customers and money (UTC day), the
 * open positions by instrument with real and demo money apart, the sockets on this node, and the
 * price feed's health. It reads its figures again every 30 seconds.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <Page
      title={t('nav.dashboard')}
      extra={
        <Space>
          {data && (
            <Typography.Text type="secondary" className="dashboard-updated">
              {t('dashboard.updated', { time: formatDateTime(data.generated_at) })}
            </Typography.Text>
          )}
          <Button
            className="dashboard-refresh"
            onClick={() => dashboard.refetch()}
            loading={dashboard.isFetching}
          >
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      {(dashboard.isError || !data) && (
        <QueryState query={dashboard} rows={8}>
          {() => null}
        </QueryState>
      )}
      {data && !dashboard.isError && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Typography.Title level={5}>{t('dashboard.pendingTitle')}</Typography.Title>
            <Row gutter={[16, 16]}>
              {QUEUE_CARDS.map(({ queue, to, permission }) => (
                <Col xs={12} xl={6} key={queue}>
                  <QueueCard
                    className={`stat-${queue}`}
                    title={t(`dashboard.pending.${queue}`)}
                    value={data.pending[queue]}
                    to={to}
                    permission={permission}
                  />
                </Col>
              ))}
            </Row>
          </div>
          <div>
            <Typography.Title level={5}>
              {t('dashboard.todayTitle', { day: data.day_start.slice(0, 10) })}
            </Typography.Title>
            <Row gutter={[16, 16]}>
              <Col xs={12} xl={4}>
                <Card size="small" className="stat-new-customers">
                  <Statistic title={t('dashboard.newCustomers')} value={data.new_customers.real} />
                  <Typography.Text type="secondary">
                    {t('dashboard.demoUsers', { count: data.new_customers.demo })}
                  </Typography.Text>
                </Card>
              </Col>
              {MONEY_CARDS.map(({ className, titleKey, figure }) => (
                <Col xs={12} xl={5} key={className}>
                  <MoneyCard className={className} title={t(titleKey)} {...figure(data)} />
                </Col>
              ))}
            </Row>
          </div>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={18}>
              <Card size="small" title={t('dashboard.exposureTitle')} className="exposure-card">
                <Tabs
                  items={(['real', 'demo'] as const).map((mode) => ({
                    key: mode,
                    label: t(`dashboard.mode.${mode}`, { count: data.open_positions[mode] }),
                    children: <ExposureTable rows={data.exposure[mode]} mode={mode} />,
                  }))}
                />
              </Card>
            </Col>
            <Col xs={24} xl={6}>
              <Card size="small" className="stat-sockets">
                <Statistic title={t('dashboard.sockets')} value={data.sockets} />
                <Typography.Text type="secondary">{t('dashboard.socketsHint')}</Typography.Text>
              </Card>
            </Col>
          </Row>
          <ExecutionCard execution={data.execution} />
          <ExecutionQualityCard quality={data.execution_quality} />
          <FeedCard feed={data.feed} />
        </Space>
      )}
    </Page>
  );
}
