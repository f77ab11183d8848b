import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTradingApp } from '../../../test/app-hooks';
import { EURUSD, realTrader, submit } from '../../../test/trading';
import { SERVER_LIMITS } from '../../limits';
import * as repository from './quality.repository';
import { ExecutionQualityJob, QUALITY_JOB } from './quality-job';

/**
 * The execution-quality job's timer: its first run comes a few seconds after the
 * node takes the lead, once the fills made at that moment have settled, not a whole interval later;
 * then one every interval; none while another node leads. The server's clock (the test clock) and
 * the timer (vitest's fake setInterval) move together, a second at a time, as they do in a server.
 */

const t = useTradingApp();

let job: ExecutionQualityJob | undefined;
afterEach(async () => {
  await job?.stop();
  vi.useRealTimers();
});

const BEAT_MS = SERVER_LIMITS.executionQualityBeatMs;

/** Moves the server's clock and the job's timer on by `ms`, one beat at a time, each beat's run finished. */
async function pass(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += BEAT_MS) {
    t.clock.advance(BEAT_MS);
    vi.advanceTimersByTime(BEAT_MS);
    await job?.idle();
  }
}

/** When the job last ran (its cursor's time), or null before its first run. */
async function lastRunAt(): Promise<number | null> {
  return (await repository.findCursor(t.database.db, QUALITY_JOB))?.updatedAt.getTime() ?? null;
}

/** A market order (one fill) filled now. */
async function fillNow(): Promise<number> {
  const trader = await realTrader(t, '5000');
  const answer = await submit(t, trader, {
    type: 1,
    status: 1,
    cont: '0.1',
    forex_id: EURUSD,
    multiple: 100,
  });
  expect(answer.code, answer.msg).toBe(1);
  const records = await repository.recordsAfter(t.database.db, 0, 1_000);
  const last = records.at(-1);
  if (!last) throw new Error('no execution record');
  return last.id;
}

describe('the execution-quality job on its timer', () => {
  it('runs a few seconds after the node takes the lead, fills made then included, then every interval', async () => {
    // The first run must come after the settle time, or it would leave the start's own fills out.
    expect(SERVER_LIMITS.executionQualityFirstRunMs).toBeGreaterThan(SERVER_LIMITS.executionQualitySettleMs);
    expect(SERVER_LIMITS.executionQualityFirstRunMs).toBeLessThan(SERVER_LIMITS.executionQualityJobMs);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let leading = false;
    job = new ExecutionQualityJob({ db: t.database.db, clock: t.clock }, console, {
      leads: () => leading,
      autoStart: true,
      intervalMs: SERVER_LIMITS.executionQualityJobMs,
      firstRunMs: SERVER_LIMITS.executionQualityFirstRunMs,
      beatMs: BEAT_MS,
    });
    job.start();

    // Another node leads: two intervals go by without a run here.
    await pass(2 * SERVER_LIMITS.executionQualityJobMs);
    expect(await lastRunAt()).toBeNull();

    // This node takes the lead, and a customer's order fills at that very moment.
    leading = true;
    await pass(BEAT_MS);
    const ledFrom = t.clock.now().getTime();
    const fill = await fillNow();
    await pass(SERVER_LIMITS.executionQualityFirstRunMs - BEAT_MS);
    expect(await lastRunAt()).toBeNull();
    await pass(BEAT_MS);
    const firstRun = ledFrom + SERVER_LIMITS.executionQualityFirstRunMs;
    expect(await lastRunAt()).toBe(firstRun);
    // The fill was settled by then: the report counts it within seconds of the start.
    expect((await repository.findCursor(t.database.db, QUALITY_JOB))?.lastRecordId).toBe(fill);

    // Then every interval, and not in between.
    await pass(SERVER_LIMITS.executionQualityJobMs - BEAT_MS);
    expect(await lastRunAt()).toBe(firstRun);
    await pass(BEAT_MS);
    expect(await lastRunAt()).toBe(firstRun + SERVER_LIMITS.executionQualityJobMs);

    // The lead lost and taken again: the first run is again a few seconds after, not an interval.
    leading = false;
    await pass(2 * SERVER_LIMITS.executionQualityJobMs);
    const beforeTakeOver = await lastRunAt();
    expect(beforeTakeOver).toBe(firstRun + SERVER_LIMITS.executionQualityJobMs);
    leading = true;
    const retakenFrom = t.clock.now().getTime() + BEAT_MS;
    await pass(SERVER_LIMITS.executionQualityFirstRunMs);
    expect(await lastRunAt()).toBe(beforeTakeOver);
    await pass(BEAT_MS);
    expect(await lastRunAt()).toBe(retakenFrom + SERVER_LIMITS.executionQualityFirstRunMs);
  });
});
