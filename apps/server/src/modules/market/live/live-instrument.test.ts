import { describe, expect, it } from 'vitest';
import { EURUSD_FEED } from '../../../../test/feed-instruments';
import { LiveInstrument, type LiveStart, type LiveTerms } from './live-instrument';

const MINUTE = 60_000;
const terms: LiveTerms = { ...EURUSD_FEED, spread: '0.00004' };
const noon = Date.UTC(2026, 10, 18, 12, 0);
const fresh = (overrides: Partial<LiveStart> = {}): LiveInstrument =>
  new LiveInstrument(terms, {
    lastPrice: '1.08000',
    lastTimeMs: noon - 3 * 3_600_000,
    currentMinute: undefined,
    minutes: [],
    minutesFromMs: Date.UTC(2026, 10, 18, 12),
    day: undefined,
    hourlyCloses: [],
    ...overrides,
  });

describe('LiveInstrument', () => {
  it('folds ticks into the minute and answers the day statistics', () => {
    const live = fresh();
    live.applyTick(noon + 1000, '1.08100', '10');
    live.applyTick(noon + 2000, '1.08300', '5');
    live.applyTick(noon + 3000, '1.08200', '5');
    expect(live.currentCandle('1M')).toEqual({
      time: noon,
      open: '1.081',
      high: '1.083',
      low: '1.081',
      close: '1.082',
      volume: '20',
    });
    expect(live.quotation(noon + 3000)).toEqual({
      Open: '1.08100',
      Close: '1.08200',
      Change: '0.09',
      High: '1.08300',
      Low: '1.08100',
      Volume: '20',
      Bid: '1.08196',
      Ask: '1.08204',
      Time: noon + 3000,
    });
  });

  it('opens a day without prices at the previous close, with no change', () => {
    const live = fresh();
    expect(live.quotation(noon)).toMatchObject({
      Open: '1.08000',
      Close: '1.08000',
      Change: '0.00',
      Volume: '0',
    });
    live.applyTick(noon + 1000, '1.08100', '10');
    const nextDay = noon + 24 * 3_600_000;
    expect(live.quotation(nextDay)).toMatchObject({
      Open: '1.08100',
      Close: '1.08100',
      Change: '0.00',
      Volume: '0',
    });
  });

  it('finishes a minute when its time is over, and the periods aggregate its minutes', () => {
    const live = fresh();
    live.applyTick(noon + 1000, '1.08100', '1');
    live.applyTick(noon + MINUTE + 1000, '1.08400', '2');
    live.advanceTo(noon + 2 * MINUTE);
    expect(live.currentCandle('1M')).toBeUndefined();
    live.applyTick(noon + 2 * MINUTE + 1, '1.08000', '3');
    expect(live.currentCandle('5M')).toEqual({
      time: noon,
      open: '1.081',
      high: '1.084',
      low: '1.08',
      close: '1.08',
      volume: '6',
    });
    expect(live.currentCandle('1D')).toMatchObject({ time: Date.UTC(2026, 10, 18), volume: '6' });
    expect(live.memoryCandles('1M').candles.map((candle) => candle.time)).toEqual([
      noon,
      noon + MINUTE,
      noon + 2 * MINUTE,
    ]);
  });

  it('hands finished candles to the writer once, keeping those that came during the write', () => {
    const live = fresh();
    live.applyTick(noon + 1000, '1.08100', '1');
    live.applyTick(noon + MINUTE + 1000, '1.08200', '1');
    const first = live.pendingCandles();
    expect(first.minutes.map((candle) => candle.time)).toEqual([noon, noon + MINUTE]);
    expect(first.days).toHaveLength(1);
    live.applyTick(noon + 2 * MINUTE + 1000, '1.08300', '1');
    first.commit();
    const second = live.pendingCandles();
    expect(second.minutes.map((candle) => candle.time)).toEqual([noon + MINUTE, noon + 2 * MINUTE]);
    second.commit();
    expect(live.pendingCandles().minutes).toEqual([]);
    expect(live.pendingCandles().days).toEqual([]);
  });

  it('ignores a late tick stamped in a minute the loop already finished, so no start is held twice', () => {
    // A follower's loop finishes the minute on its own clock; the leader's last tick of that minute
    // may be relayed just after. Accepting it reopened the minute: two candles of one start, and a
    // write that the database refused on every flush from then on.
    const live = fresh();
    expect(live.applyTick(noon + 1000, '1.08100', '1')).toBe(true);
    live.advanceTo(noon + MINUTE + 10);
    expect(live.applyTick(noon + 59_000, '1.08900', '1')).toBe(false);
    expect(live.lastPrice).toBe('1.08100');
    expect(live.applyTick(noon + MINUTE + 500, '1.08200', '1')).toBe(true);
    const times = live.pendingCandles().minutes.map((candle) => candle.time);
    expect(times).toEqual([noon, noon + MINUTE]);
    expect(live.memoryCandles('1M').candles.map((candle) => candle.time)).toEqual([noon, noon + MINUTE]);
  });

  it('ignores a tick in a minute a restart found already stored', () => {
    const stored = { time: noon, open: '1.081', high: '1.081', low: '1.081', close: '1.081', volume: '1' };
    const live = fresh({ minutes: [stored], lastTimeMs: noon });
    expect(live.applyTick(noon + 30_000, '1.08900', '1')).toBe(false);
    expect(live.pendingCandles().minutes).toEqual([]);
  });

  it('keeps a finished day for the writer when the next day begins', () => {
    const live = fresh();
    const lateEvening = Date.UTC(2026, 10, 18, 23, 59, 30);
    live.applyTick(lateEvening, '1.08100', '1');
    live.pendingCandles().commit();
    live.applyTick(lateEvening + MINUTE, '1.08200', '1');
    const pending = live.pendingCandles();
    expect(pending.days.map((day) => day.time)).toEqual([Date.UTC(2026, 10, 18), Date.UTC(2026, 10, 19)]);
    expect(live.memoryCandles('1D').candles).toHaveLength(2);
  });

  it('keeps the closes of the last 24 hours for the sparkline', () => {
    const live = fresh();
    for (let hour = 0; hour < 30; hour += 1)
      live.applyTick(noon + hour * 3_600_000, `1.0${8000 + hour}`, '1');
    const points = live.sparkline();
    expect(points).toHaveLength(24);
    expect(points[23]).toBe('1.08029');
  });
});
