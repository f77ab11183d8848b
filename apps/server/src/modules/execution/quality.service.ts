import type { ExecutionQualityStaff } from '@meridian/contract/back-office';
import {
  EXECUTION_QUALITY_DAYS_DEFAULT,
  type ExecutionQualityDay,
  type ExecutionQualityQuery,
  type ExecutionQualityReport,
} from '@meridian/contract/execution-quality';
import { periodTotals, SHARE_PLACES, utcDay } from '@meridian/domain/execution-quality';
import { plainDecimal, roundHalfUp } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { listInstruments } from '../market/market.public';
import * as repository from './quality.repository';
import { QUALITY_JOB } from './quality-job';

const DAY_MS = 24 * 60 * 60 * 1000;

const decimalText = (value: string | null) => (value === null ? null : plainDecimal(value));

function wireDay(row: repository.QualityDayRow): ExecutionQualityDay {
  return {
    day: row.day,
    fills: row.fills,
    positive_fills: row.positiveFills,
    positive_median: decimalText(row.positiveMedian),
    positive_p95: decimalText(row.positiveP95),
    negative_fills: row.negativeFills,
    negative_median: decimalText(row.negativeMedian),
    negative_p95: decimalText(row.negativeP95),
    at_or_better_share: roundHalfUp(row.atOrBetterShare, SHARE_PLACES),
    fill_ms_median: row.fillMsMedian,
    fill_ms_p95: row.fillMsP95,
    spread_median: decimalText(row.spreadMedian),
    stale_seconds: row.staleSeconds,
  };
}

/**
 * The public execution-quality report: the job's daily rows of the last `days` UTC days
 * (today included), of one instrument or of every one that has any. Reads only the daily table.
 */
export async function qualityReport(
  context: ServerContext,
  query: ExecutionQualityQuery,
): Promise<ExecutionQualityReport> {
  const instruments = await listInstruments(context.db);
  if (query.forex_id !== undefined && !instruments.some((row) => row.id === query.forex_id && row.enabled))
    throw new Rejection('error.instrument_unknown');
  const fromDay = utcDay(context.clock.now().getTime() - (query.days - 1) * DAY_MS);
  const [rows, cursor] = await Promise.all([
    repository.daysFrom(context.db, fromDay, query.forex_id),
    repository.findCursor(context.db, QUALITY_JOB),
  ]);
  const byInstrument = new Map<number, ExecutionQualityDay[]>();
  for (const row of rows) {
    const days = byInstrument.get(row.instrumentId) ?? [];
    days.push(wireDay(row));
    byInstrument.set(row.instrumentId, days);
  }
  const list = instruments
    .filter((row) => row.enabled && (query.forex_id === row.id || byInstrument.has(row.id)))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((row) => ({
      forex_id: row.id,
      code: row.code,
      name: row.showCode,
      days: byInstrument.get(row.id) ?? [],
    }));
  return { days: query.days, updated_at: cursor?.updatedAt.getTime() ?? 0, list };
}

/**
 * The same report for the back office's dashboard (docs/decisions.md "Execution
 * quality for staff"): per instrument, the public figures of its last day with fills, and the
 * period's totals that add up exactly from the days (fills, share at or better, stale seconds).
 */
export async function staffQuality(
  context: ServerContext,
  days = EXECUTION_QUALITY_DAYS_DEFAULT,
): Promise<ExecutionQualityStaff> {
  const report = await qualityReport(context, { days });
  return {
    days: report.days,
    updated_at: report.updated_at,
    list: report.list.map((instrument) => ({
      forex_id: instrument.forex_id,
      code: instrument.code,
      name: instrument.name,
      latest: instrument.days.findLast((day) => day.fills > 0) ?? null,
      period: periodTotals(instrument.days),
    })),
  };
}
