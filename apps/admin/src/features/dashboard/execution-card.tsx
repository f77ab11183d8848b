import type { BrokenFill, ExecutionCheck } from '@meridian/contract/back-office';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal } from '../../lib/format';

/**
 * A price at its instrument's places: at least them, and more when the price has more (a fill off
 * its instrument's step must show it, not round it away).
 */
const atDigits = (price: string, fill: BrokenFill) =>
  formatDecimal(price, { placesMin: fill.price_precision });

/**
 * The Execution card: the last 24 hours' fills and how many were not at the
 * price their recorded quote gives (domain fill-invariant.ts). There must be none; any such fill is
 * listed with its order, kind, price and the price expected.
 */
export function ExecutionCard({ execution }: { execution: ExecutionCheck }) {
  const { t } = useTranslation();
  const broken = execution.broken > 0;
  return (
    <Card size="small" className="execution-card" title={t('dashboard.execution.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic
            className="execution-fills"
            title={t('dashboard.execution.fills')}
            value={execution.fills}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            className="execution-broken"
            title={t('dashboard.execution.broken')}
            value={execution.broken}
            valueStyle={{ color: broken ? '#cf1322' : '#389e0d' }}
          />
          {/* Under the figure, wrapping: beside it, it pushed a phone's page wider than the screen. */}
          {!broken && (
            <Tag color="green" className="execution-all-good" style={{ whiteSpace: 'normal', marginTop: 4 }}>
              {t('dashboard.execution.allGood')}
            </Tag>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text type="secondary">{t('dashboard.execution.brokenHint')}</Typography.Text>
        </Col>
      </Row>
      {broken && (
        <Table<BrokenFill>
          className="execution-broken-list"
          size="small"
          style={{ marginTop: 12 }}
          title={() => t('dashboard.execution.listTitle')}
          rowKey={(fill) => `${fill.order_id}-${fill.kind}-${fill.filled_at}`}
          pagination={false}
          dataSource={execution.list}
          scroll={{ x: true }}
          columns={[
            { title: t('dashboard.execution.order'), dataIndex: 'order_id' },
            { title: t('dashboard.execution.instrument'), dataIndex: 'code' },
            {
              title: t('dashboard.execution.kind'),
              dataIndex: 'kind',
              render: (kind: string) => t(`dashboard.execution.kinds.${kind}`, { defaultValue: kind }),
            },
            {
              title: t('dashboard.execution.side'),
              dataIndex: 'type',
              render: (type: number) =>
                t(type === ORDER_TYPE.buy ? 'dashboard.execution.buy' : 'dashboard.execution.sell'),
            },
            {
              title: t('dashboard.execution.price'),
              dataIndex: 'price',
              align: 'right',
              render: (price: string, fill) => atDigits(price, fill),
            },
            {
              title: t('dashboard.execution.expected'),
              dataIndex: 'expected',
              align: 'right',
              render: (expected: string | null, fill) =>
                expected === null ? t('dashboard.execution.none') : atDigits(expected, fill),
            },
            { title: '', dataIndex: 'filled_at', render: (at: string) => formatDateTime(at) },
          ]}
        />
      )}
    </Card>
  );
}
