import { EXECUTION_QUALITY_DAYS_MAX } from '@meridian/contract/execution-quality';
import {
  executionFigures,
  secondsWithinDay,
  utcDay,
  utcDayBounds,
  utcDaysOf,
} from '@meridian/domain/execution-quality';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { SERVER_LIMITS } from '../../limits';
import { listInstruments } from '../market/market.public';
import * as repository from './quality.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cursor's name (one job today; the table keeps a row per job). */
export const QUALITY_JOB = 'execution_quality';

type QualityJobOptions = {
  /** Whether this node leads (holds the trading engine's lock): only the leader runs the job. */
  leads(): boolean;
  /** Runs by itself on a timer (the server); tests call `runOnce` by hand. */
  autoStart: boolean;
  /** Between two runs while the node leads. */
  intervalMs: number;
  /**
   * From the node's taking the lead to its first run: longer than the settle time, so the fills made
   * while the node started (or took over) are old enough to be taken in by that run.
   */
  firstRunMs: number;
  /** How often the timer looks whether the node leads and whether a run is due. */
  beatMs: number;
};

/** The job's context: it reads and writes through the database and stamps with the clock only. */
type QualityJobContext = Pick<ServerContext, 'db' | 'clock'>;

/** What one run did: the records and stale periods it took in, and the days it recomputed. */
type QualityRun = {
  records: number;
  stalePeriods: number;
  days: { instrumentId: number; day: string }[];
};

/**
 * The execution-quality job (docs/decisions.md "Execution quality"). Each run reads the
 * execution records after its cursor (and the feed's stale periods that changed), finds the
 * (instrument, UTC day) pairs they touch, and recomputes each pair from that pair's records only;
 * the cursor moves in the same transaction. The cursor row is locked for the run and moved only
 * from the value read, so two servers never count a record twice. A record is taken in once it is
 * `settleMs` old, so a fill whose transaction commits after a later one's is not skipped.
 *
 * On its timer, the first run comes `firstRunMs` after the node takes the lead (at start, or when
 * a standby takes over), not a whole interval later: a fresh server's report fills within seconds.
 * Then one every `intervalMs`. Time is counted in the timer's beats, not read from the clock, so a
 * clock set back cannot stop the runs.
 */
export class ExecutionQualityJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<QualityRun | undefined> | undefined;
  private stopped = false;
  /** How long this node has led, counted in beats; undefined while it does not lead. */
  private ledMs: number | undefined;
  /** When, counted as `ledMs`, the next run is due. */
  private nextRunMs = 0;

  constructor(
    private readonly context: QualityJobContext,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly options: QualityJobOptions,
  ) {}

  start(): void {
    if (!this.options.autoStart) return;
    this.timer = setInterval(() => this.beat(), this.options.beatMs);
    this.timer.unref();
    this.beat();
  }

  /** One beat of the timer: follows whether the node leads, and starts a run when one is due. */
  private beat(): void {
    if (this.stopped) return;
    if (!this.options.leads()) {
      // Losing the lead forgets it: taking it again waits `firstRunMs` again.
      this.ledMs = undefined;
      return;
    }
    if (this.ledMs === undefined) {
      this.ledMs = 0;
      this.nextRunMs = this.options.firstRunMs;
    } else this.ledMs += this.options.beatMs;
    // A run still going when the next is due: that one starts at the first beat after it ends.
    if (this.ledMs < this.nextRunMs || this.running) return;
    this.nextRunMs = this.ledMs + this.options.intervalMs;
    this.wake();
  }

  private wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.runOnce()
      .catch((error: unknown) => {
        // The database is away: the next interval tries again.
        this.log.error({ err: error }, 'execution-quality run failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  /** Resolves once no run is in flight (the timer's runs are not awaited by anyone else). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** One run: every settled record and changed stale period taken in (batches until none is left). */
  async runOnce(): Promise<QualityRun> {
    const total: QualityRun = { records: 0, stalePeriods: 0, days: [] };
    for (;;) {
      const run = await this.context.db.transaction((tx) => this.runBatch(tx));
      total.records += run.records;
      total.stalePeriods += run.stalePeriods;
      total.days.push(...run.days);
      if (run.records < SERVER_LIMITS.executionQualityBatchMax || this.stopped) return total;
    }
  }

  private async runBatch(tx: Tx): Promise<QualityRun> {
    const now = this.context.clock.now();
    const cursor = await repository.lockCursor(tx, QUALITY_JOB, now);
    const settledBefore = now.getTime() - SERVER_LIMITS.executionQualitySettleMs;
    const batch = await repository.recordsAfter(
      tx,
      cursor.lastRecordId,
      SERVER_LIMITS.executionQualityBatchMax,
    );
    const firstUnsettled = batch.findIndex((record) => record.filledAt.getTime() >= settledBefore);
    const records = firstUnsettled === -1 ? batch : batch.slice(0, firstUnsettled);
    const stale = await repository.staleChanges(tx, cursor.lastStaleId, cursor.updatedAt);

    const pairs = new Map<string, { instrumentId: number; day: string }>();
    const touch = (instrumentId: number, day: string) =>
      pairs.set(`${instrumentId}/${day}`, { instrumentId, day });
    for (const record of records) touch(record.instrumentId, utcDay(record.filledAt.getTime()));
    for (const period of stale) {
      // A period seen by an earlier run was counted up to that run: only its days since then change.
      const seen = period.id <= cursor.lastStaleId;
      const fromMs = Math.max(
        seen ? Math.max(period.startedAt.getTime(), cursor.updatedAt.getTime()) : period.startedAt.getTime(),
        now.getTime() - EXECUTION_QUALITY_DAYS_MAX * DAY_MS,
      );
      const endMs = period.endedAt?.getTime() ?? now.getTime();
      for (const day of utcDaysOf(fromMs, Math.max(fromMs, endMs))) touch(period.instrumentId, day);
    }

    if (pairs.size > 0) {
      const precision = new Map((await listInstruments(tx)).map((row) => [row.id, row.pricePrecision]));
      for (const { instrumentId, day } of pairs.values())
        await this.recompute(tx, instrumentId, day, precision.get(instrumentId) ?? 0, now);
    }

    const lastRecordId = records.at(-1)?.id ?? cursor.lastRecordId;
    const lastStaleId = Math.max(cursor.lastStaleId, ...stale.map((period) => period.id));
    const moved = await repository.advanceCursor(tx, QUALITY_JOB, cursor, {
      lastRecordId,
      lastStaleId,
      updatedAt: now,
    });
    if (!moved) throw new Error('execution-quality cursor moved by another run');
    return { records: records.length, stalePeriods: stale.length, days: [...pairs.values()] };
  }

  /** One instrument's day, from that day's records and stale periods only. */
  private async recompute(
    tx: Tx,
    instrumentId: number,
    day: string,
    precision: number,
    now: Date,
  ): Promise<void> {
    const { startMs, endMs } = utcDayBounds(day);
    const start = new Date(startMs);
    const end = new Date(endMs);
    const fills = await repository.fillsBetween(tx, instrumentId, start, end);
    const periods = await repository.stalePeriodsBetween(tx, instrumentId, start, end);
    const staleSeconds = periods.reduce(
      (sum, period) =>
        sum + secondsWithinDay(period.startedAt.getTime(), period.endedAt?.getTime() ?? now.getTime(), day),
      0,
    );
    const figures = executionFigures(
      fills.map((fill) => ({
        kind: fill.kind,
        side: fill.side,
        price: fill.price,
        bid: fill.bid,
        ask: fill.ask,
        triggerPrice: fill.triggerPrice,
        requestedAtMs: fill.requestedAt.getTime(),
        filledAtMs: fill.filledAt.getTime(),
      })),
      precision,
    );
    await repository.upsertDay(tx, {
      instrumentId,
      day,
      fills: figures.fills,
      positiveFills: figures.positive_fills,
      positiveMedian: figures.positive_median,
      positiveP95: figures.positive_p95,
      negativeFills: figures.negative_fills,
      negativeMedian: figures.negative_median,
      negativeP95: figures.negative_p95,
      atOrBetterShare: figures.at_or_better_share,
      fillMsMedian: figures.fill_ms_median,
      fillMsP95: figures.fill_ms_p95,
      spreadMedian: figures.spread_median,
      staleSeconds: Math.min(staleSeconds, 86_400),
      updatedAt: now,
    });
  }
}
