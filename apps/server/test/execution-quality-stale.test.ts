import type { ExecutionQualityReport } from '@meridian/contract/execution-quality';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { call } from './accounts';
import { createRealFeedApp, quoteAndRun, type RealFeedApp } from './real-feed-app';
import { EURUSD } from './trading';

/**
 * The feed's stale time in the execution-quality report: on a real feed, the live market
 * opens a stale period when an instrument's quotes stop for longer than the stale time and closes it
 * when they return; the job adds the seconds up per UTC day, a period across midnight on both days.
 */

let t: RealFeedApp;
beforeAll(async () => {
  t = await createRealFeedApp();
});
afterAll(async () => {
  await t.close();
});

type Period = { instrument_id: number; started_at: string | Date; ended_at: string | Date | null };

async function periodsOf(instrumentId: number): Promise<{ startMs: number; endMs: number | null }[]> {
  const result = await t.database.db.execute(
    `select instrument_id, started_at, ended_at from feed_stale_periods where instrument_id = ${instrumentId} order by id`,
  );
  return rowsOf<Period>(result).map((row) => ({
    startMs: new Date(row.started_at).getTime(),
    endMs: row.ended_at === null ? null : new Date(row.ended_at).getTime(),
  }));
}

const staleSecondsOf = async (day: string) => {
  const answer = await call<ExecutionQualityReport>(t, 'GET', '/api/execution/quality', { forex_id: EURUSD });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.list[0]?.days.find((row) => row.day === day)?.stale_seconds;
};

describe('stale time', () => {
  it('is recorded when quotes stop and return, and counted per UTC day by the job', async () => {
    // Quoted just before midnight: fresh.
    t.clock.set(new Date('2026-11-18T23:59:00.000Z'));
    await quoteAndRun(t, 'EURUSD', '1.08500', '1.08510');
    const before = await periodsOf(EURUSD);
    expect(before.every((period) => period.endMs !== null)).toBe(true);

    // Silent past the stale time (10 s by default): a period opens at the run that sees it (23:59:40).
    t.clock.advance(40_000);
    await t.app.market.tick();
    const staleFrom = t.clock.now().getTime();
    await expect.poll(async () => (await periodsOf(EURUSD)).length).toBe(before.length + 1);
    expect((await periodsOf(EURUSD)).at(-1)).toEqual({ startMs: staleFrom, endMs: null });

    // Quotes return 90 s later (00:01:10 the next day): the period closes there.
    t.clock.advance(90_000);
    await quoteAndRun(t, 'EURUSD', '1.08520', '1.08530');
    const backAt = t.clock.now().getTime();
    await expect.poll(async () => (await periodsOf(EURUSD)).at(-1)?.endMs).toBe(backAt);
    expect(backAt - staleFrom).toBe(90_000);

    // A quote in between the runs changes nothing: one period per stale spell.
    await quoteAndRun(t, 'EURUSD', '1.08521', '1.08531');
    expect((await periodsOf(EURUSD)).length).toBe(before.length + 1);

    const run = await t.app.executionQuality.runOnce();
    expect(run.days).toEqual(
      expect.arrayContaining([
        { instrumentId: EURUSD, day: '2026-11-18' },
        { instrumentId: EURUSD, day: '2026-11-19' },
      ]),
    );
    // 20 s before midnight, 70 s after it (plus any start-up spell before the first quote: none, the
    // clock stood still until it).
    const startUp = before.reduce((sum, period) => sum + ((period.endMs ?? 0) - period.startMs), 0);
    expect(startUp).toBe(0);
    expect(await staleSecondsOf('2026-11-18')).toBe(20);
    expect(await staleSecondsOf('2026-11-19')).toBe(70);

    // Still stale at a run: counted up to the run, then on at the next runs until it closes.
    t.clock.advance(30_000);
    await t.app.market.tick();
    await expect.poll(async () => (await periodsOf(EURUSD)).at(-1)?.endMs).toBeNull();
    t.clock.advance(5_000);
    await t.app.executionQuality.runOnce();
    expect(await staleSecondsOf('2026-11-19')).toBe(75);
    t.clock.advance(60_000);
    await t.app.executionQuality.runOnce();
    expect(await staleSecondsOf('2026-11-19')).toBe(135);
    t.clock.advance(10_000);
    await quoteAndRun(t, 'EURUSD', '1.08520', '1.08530');
    await expect.poll(async () => (await periodsOf(EURUSD)).at(-1)?.endMs).not.toBeNull();
    t.clock.advance(60_000);
    const last = await t.app.executionQuality.runOnce();
    // EURUSD's closed period touches its last day only (the never-quoted instruments' open ones theirs).
    expect(last.days.filter((day) => day.instrumentId === EURUSD)).toEqual([
      { instrumentId: EURUSD, day: '2026-11-19' },
    ]);
    expect(await staleSecondsOf('2026-11-19')).toBe(145);
  });
});
