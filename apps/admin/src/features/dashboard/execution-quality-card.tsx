import type { ExecutionQualityStaff, ExecutionQualityStaffRow } from '@meridian/contract/back-office';
import { toDecimal } from '@meridian/domain/money';
import { Card, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal, formatPercent } from '../../lib/format';

/** The customer app's public report: the server serves both apps on one origin (the back office under /admin). */
const PUBLIC_REPORT_PATH = '/execution';

const points = (value: string | null) => (value === null ? '-' : formatDecimal(value));
const percent = (share: string) => formatPercent(toDecimal(share).times(100).toString());
const count = (value: number) => formatDecimal(String(value));

/** Better or worse fills: their number, then their median and 95th percentile (as the public page). */
function slippage(fills: number, median: string | null, p95: string | null): string {
  return fills === 0 ? '0' : `${count(fills)} · ${points(median)} / ${points(p95)}`;
}

/**
 * The Execution quality card (docs/decisions.md "Execution quality for staff"):
 * per instrument, the public report's figures of its last day with fills, as customers read them on
 * /execution, and the 30 days' totals that add up exactly (fills, share at or better weighed by
 * fills, stale time); no 30-day median (a median of daily medians is not one). The table scrolls
 * sideways inside the card on a narrow screen.
 */
export function ExecutionQualityCard({ quality }: { quality: ExecutionQualityStaff }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`dashboard.quality.${key}`);
  /** A cell of the last day with fills: "-" for an instrument whose 30 days had only stale time. */
  const onLatest =
    (render: (day: NonNullable<ExecutionQualityStaffRow['latest']>) => string) =>
    (_: unknown, row: ExecutionQualityStaffRow) =>
      row.latest === null ? '-' : render(row.latest);
  const columns: ColumnsType<ExecutionQualityStaffRow> = [
    {
      title: k('instrument'),
      key: 'instrument',
      fixed: 'left',
      render: (_, row) => <span className="quality-instrument">{row.name}</span>,
    },
    {
      title: k('latestGroup'),
      // Left, by the fixed instrument column: centred over its columns, a phone shows none of it.
      align: 'left',
      children: [
        { title: k('day'), key: 'day', render: onLatest((day) => day.day) },
        {
          title: k('fills'),
          key: 'fills',
          align: 'right',
          render: onLatest((day) => count(day.fills)),
        },
        {
          title: k('share'),
          key: 'share',
          align: 'right',
          render: onLatest((day) => percent(day.at_or_better_share)),
        },
        {
          title: k('better'),
          key: 'better',
          align: 'right',
          render: onLatest((day) => slippage(day.positive_fills, day.positive_median, day.positive_p95)),
        },
        {
          title: k('worse'),
          key: 'worse',
          align: 'right',
          render: onLatest((day) => slippage(day.negative_fills, day.negative_median, day.negative_p95)),
        },
        {
          title: k('fillMs'),
          key: 'fillMs',
          align: 'right',
          render: onLatest((day) =>
            day.fill_ms_median === null
              ? '-'
              : `${count(day.fill_ms_median)} / ${count(day.fill_ms_p95 ?? day.fill_ms_median)}`,
          ),
        },
        {
          title: k('spread'),
          key: 'spread',
          align: 'right',
          render: onLatest((day) => points(day.spread_median)),
        },
        {
          title: k('stale'),
          key: 'stale',
          align: 'right',
          render: onLatest((day) => count(day.stale_seconds)),
        },
      ],
    },
    {
      title: t('dashboard.quality.periodGroup', { days: quality.days }),
      align: 'left',
      children: [
        {
          title: k('fills'),
          key: 'periodFills',
          align: 'right',
          render: (_, row) => count(row.period.fills),
        },
        {
          title: k('daysWithFills'),
          key: 'periodDays',
          align: 'right',
          render: (_, row) => count(row.period.days_with_fills),
        },
        {
          title: k('share'),
          key: 'periodShare',
          align: 'right',
          render: (_, row) => (row.period.fills === 0 ? '-' : percent(row.period.at_or_better_share)),
        },
        {
          title: k('stale'),
          key: 'periodStale',
          align: 'right',
          render: (_, row) => count(row.period.stale_seconds),
        },
      ],
    },
  ];
  return (
    <Card
      size="small"
      className="execution-quality-card"
      title={k('title')}
      extra={
        <Typography.Link className="quality-public-link" href={PUBLIC_REPORT_PATH} target="_blank">
          {k('publicLink')}
        </Typography.Link>
      }
    >
      <Typography.Paragraph type="secondary" className="quality-updated" style={{ marginBottom: 8 }}>
        {quality.updated_at === 0
          ? k('neverRan')
          : t('dashboard.quality.updated', { time: formatDateTime(quality.updated_at) })}
      </Typography.Paragraph>
      {quality.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={k('empty')} />
      ) : (
        <>
          <Table<ExecutionQualityStaffRow>
            className="execution-quality-table"
            size="small"
            bordered
            rowKey="forex_id"
            pagination={false}
            dataSource={quality.list}
            scroll={{ x: 'max-content' }}
            columns={columns}
          />
          <Typography.Paragraph
            type="secondary"
            className="quality-units"
            style={{ marginTop: 8, marginBottom: 0 }}
          >
            {k('units')}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
