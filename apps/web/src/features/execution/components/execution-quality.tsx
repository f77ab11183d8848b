import type { ExecutionQualityDay, ExecutionQualityInstrument } from '@meridian/contract/execution-quality';
import { Button, CapsuleTabs, ErrorBlock, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatPercent } from '../../../lib/number-format';
import { REPORT_DAYS, useExecutionQuality } from '../api/get-execution-quality';
import './execution-quality.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The figures the chart can draw, each a number per day (null: no such fill that day). */
const METRICS = ['share', 'fills', 'fillMs', 'spread'] as const;
type Metric = (typeof METRICS)[number];

function metricValue(day: ExecutionQualityDay, metric: Metric): number | null {
  switch (metric) {
    case 'share':
      return day.fills > 0 ? Number(day.at_or_better_share) * 100 : null;
    case 'fills':
      return day.fills;
    case 'fillMs':
      return day.fill_ms_median;
    case 'spread':
      return day.spread_median === null ? null : Number(day.spread_median);
  }
}

/** The last 30 UTC days, oldest first, ending today (the report's window). */
function lastDays(todayMs: number): string[] {
  return Array.from({ length: REPORT_DAYS }, (_, index) =>
    new Date(todayMs - (REPORT_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

const points = (text: string | null) =>
  text === null ? '–' : formatDecimal(text, { maxPlaces: 2, sign: 'always' });
const plain = (text: string | null) => (text === null ? '–' : formatDecimal(text, { maxPlaces: 2 }));
/** Better or worse fills: their number, then their median and 95th percentile when there are any. */
const side = (fills: number, median: string | null, p95: string | null) =>
  fills === 0 ? '0' : `${formatDecimal(String(fills))} · ${points(median)} / ${points(p95)}`;
const ms = (value: number | null) => (value === null ? '–' : formatDecimal(String(value)));

/**
 * A bar per day of the chosen figure, drawn inline (no chart library for 30 bars). The window ends on
 * the server's day (`todayMs`: when its job last ran), not the device's, whose clock may differ.
 */
function DailyChart({
  days,
  metric,
  todayMs,
}: {
  days: ExecutionQualityDay[];
  metric: Metric;
  todayMs: number;
}) {
  const { t } = useTranslation();
  const byDay = new Map(days.map((day) => [day.day, day]));
  const window = lastDays(todayMs);
  const values = window.map((day) => {
    const row = byDay.get(day);
    return row ? metricValue(row, metric) : null;
  });
  const top = metric === 'share' ? 100 : Math.max(1, ...values.map((value) => value ?? 0));
  const width = 300;
  const height = 120;
  const slot = width / window.length;
  return (
    <figure className="execution-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t(`execution.metric.${metric}`)}
        data-testid="execution-chart"
      >
        <line x1="0" x2={width} y1={height} y2={height} className="execution-chart-axis" />
        {values.map((value, index) => {
          const day = window[index] ?? '';
          if (value === null) return null;
          const barHeight = Math.max(1, (value / top) * (height - 4));
          return (
            <rect
              key={day}
              x={index * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              className="execution-chart-bar"
            >
              <title>{`${day}: ${formatDecimal(String(Math.round(value * 100) / 100))}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="execution-chart-days" aria-hidden="true">
        <span>{window[0]}</span>
        <span>{window.at(-1)}</span>
      </div>
      <figcaption className="execution-chart-caption">
        {t(`execution.metric.${metric}`)} ·{' '}
        {t('execution.chartMax', {
          value:
            metric === 'share' ? formatPercent('100') : formatDecimal(String(Math.round(top * 100) / 100)),
        })}
      </figcaption>
    </figure>
  );
}

function DaysTable({ days }: { days: ExecutionQualityDay[] }) {
  const { t } = useTranslation();
  return (
    <div className="execution-table-scroll">
      <table className="execution-table">
        <thead>
          <tr>
            <th scope="col">{t('execution.col.day')}</th>
            <th scope="col">{t('execution.col.fills')}</th>
            <th scope="col">{t('execution.col.share')}</th>
            <th scope="col">{t('execution.col.better')}</th>
            <th scope="col">{t('execution.col.worse')}</th>
            <th scope="col">{t('execution.col.fillMs')}</th>
            <th scope="col">{t('execution.col.spread')}</th>
            <th scope="col">{t('execution.col.stale')}</th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td>{formatDecimal(String(day.fills))}</td>
              <td>
                {day.fills > 0
                  ? formatPercent(String(Number(day.at_or_better_share) * 100), { maxPlaces: 2 })
                  : '–'}
              </td>
              <td>{side(day.positive_fills, day.positive_median, day.positive_p95)}</td>
              <td>{side(day.negative_fills, day.negative_median, day.negative_p95)}</td>
              <td>
                {ms(day.fill_ms_median)} / {ms(day.fill_ms_p95)}
              </td>
              <td>{plain(day.spread_median)}</td>
              <td>{formatDecimal(String(day.stale_seconds))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The plain-words meaning of each figure. */
function Glossary() {
  const { t } = useTranslation();
  const terms = ['fills', 'share', 'better', 'worse', 'fillMs', 'spread', 'stale', 'reference'] as const;
  return (
    <section className="execution-glossary" aria-labelledby="execution-glossary-title">
      <h2 id="execution-glossary-title">{t('execution.glossaryTitle')}</h2>
      <dl>
        {terms.map((term) => (
          <div key={term}>
            <dt>{t(`execution.term.${term}`)}</dt>
            <dd>{t(`execution.explain.${term}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function InstrumentFigures({
  instrument,
  todayMs,
}: {
  instrument: ExecutionQualityInstrument;
  todayMs: number;
}) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>('share');
  if (instrument.days.length === 0) return <p className="execution-empty-note">{t('execution.noDays')}</p>;
  return (
    <>
      <section className="execution-card" aria-label={t('execution.chartTitle')}>
        <h2>{t('execution.chartTitle')}</h2>
        <Selector
          className="execution-metrics"
          columns={2}
          options={METRICS.map((value) => ({ value, label: t(`execution.metric.${value}`) }))}
          value={[metric]}
          onChange={(values) => {
            const [next] = values;
            if (next) setMetric(next);
          }}
        />
        <DailyChart days={instrument.days} metric={metric} todayMs={todayMs} />
      </section>
      <section className="execution-card">
        <h2>{t('execution.tableTitle')}</h2>
        <DaysTable days={instrument.days} />
        <p className="execution-units">{t('execution.units')}</p>
      </section>
    </>
  );
}

/** The public execution-quality page: per instrument, the last 30 days' figures. */
export function ExecutionQuality() {
  const { t } = useTranslation();
  const report = useExecutionQuality();
  const [chosen, setChosen] = useState<number | null>(null);
  if (report.isPending)
    return (
      <div className="execution-page-body" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (report.isError)
    return (
      <ErrorBlock
        status="disconnected"
        title={t('common.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void report.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  const { list, updated_at } = report.data;
  const instrument = list.find((row) => row.forex_id === chosen) ?? list[0];
  return (
    <div className="execution-page-body">
      <p className="execution-intro">{t('execution.intro')}</p>
      {updated_at > 0 && (
        <p className="execution-updated">
          {t('execution.updated', {
            time: new Date(updated_at).toISOString().slice(0, 16).replace('T', ' '),
          })}
        </p>
      )}
      {instrument === undefined ? (
        <ErrorBlock status="empty" title={t('execution.emptyTitle')} description={t('execution.emptyHint')} />
      ) : (
        <>
          <nav className="execution-instruments" aria-label={t('execution.instrument')}>
            <CapsuleTabs activeKey={String(instrument.forex_id)} onChange={(key) => setChosen(Number(key))}>
              {list.map((row) => (
                <CapsuleTabs.Tab key={String(row.forex_id)} title={row.name} />
              ))}
            </CapsuleTabs>
          </nav>
          <InstrumentFigures
            key={instrument.forex_id}
            instrument={instrument}
            todayMs={updated_at > 0 ? updated_at : Date.now()}
          />
        </>
      )}
      <Glossary />
    </div>
  );
}
