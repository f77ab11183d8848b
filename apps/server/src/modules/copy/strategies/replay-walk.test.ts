import type { Bar } from '@meridian/domain/strategies/indicators';
import { describe, expect, it } from 'vitest';
import { type BarClose, type StopHit, stopCrossed, type WatchedStops, walkMinutes } from './replay-walk';

const MINUTE = 60_000;
// Wednesday 2026-11-18 10:00 UTC.
const TEN = Date.UTC(2026, 10, 18, 10);

function minute(time: number, low: number, high: number, close = (low + high) / 2): Bar {
  return { time, open: close, high, low, close };
}

function minutes(from: number, count: number, price = 1.1): Bar[] {
  return Array.from({ length: count }, (_, index) =>
    minute(from + index * MINUTE, price - 0.0001, price + 0.0001, price),
  );
}

async function walk(data: Bar[], stops: () => WatchedStops | null = () => null, lookbackBars = 100) {
  const events: ({ kind: 'bar'; step: BarClose; count: number } | { kind: 'stop'; hit: StopHit })[] = [];
  await walkMinutes(
    data,
    { barMinutes: 15, lookbackBars, spread: 0, pricePrecision: 5 },
    {
      stops,
      stopHit: async (hit) => {
        events.push({ kind: 'stop', hit });
      },
      barClosed: async (step) => {
        events.push({ kind: 'bar', step: { ...step, bars: [...step.bars] }, count: step.bars.length });
      },
    },
  );
  return events;
}

describe('replay walk', () => {
  it('closes a bar at the last second of its last minute, with its extremes and last close', async () => {
    const data = minutes(TEN, 30);
    data[3] = minute(TEN + 3 * MINUTE, 1.095, 1.1, 1.099);
    data[14] = minute(TEN + 14 * MINUTE, 1.1, 1.104, 1.102);
    const events = await walk(data);
    expect(events.map((event) => (event.kind === 'bar' ? event.step.atMs : -1))).toEqual([
      TEN + 14 * MINUTE + 59_000,
      TEN + 29 * MINUTE + 59_000,
    ]);
    const first = events[0];
    if (first?.kind !== 'bar') throw new Error('expected a bar');
    expect(first.step.bars[0]).toEqual({ time: TEN, open: 1.1, high: 1.104, low: 1.095, close: 1.102 });
    expect(first.step.price).toBe(1.102);
  });

  it('never closes the bar still in progress at the end of the history', async () => {
    const events = await walk(minutes(TEN, 22));
    expect(events).toHaveLength(1);
  });

  it('closes a bar whose last minutes are missing (a closed market) when the next bar begins', async () => {
    // Friday 21:45 to 21:59, then Sunday 22:00: the Friday bar closes at 21:59:59.
    const friday = Date.UTC(2026, 10, 20, 21, 45);
    const sunday = Date.UTC(2026, 10, 22, 22, 0);
    const events = await walk([...minutes(friday, 10), ...minutes(sunday, 15)]);
    expect(events.map((event) => (event.kind === 'bar' ? event.step.atMs : -1))).toEqual([
      friday + 9 * MINUTE + 59_000,
      sunday + 14 * MINUTE + 59_000,
    ]);
  });

  it('hands over at most the lookback of closed bars, the latest last', async () => {
    const events = await walk(minutes(TEN, 75), () => null, 3);
    const counts = events.map((event) => (event.kind === 'bar' ? event.count : -1));
    expect(counts).toEqual([1, 2, 3, 3, 3]);
    const last = events.at(-1);
    if (last?.kind !== 'bar') throw new Error('expected a bar');
    expect(last.step.bars.map((bar) => bar.time)).toEqual([
      TEN + 30 * MINUTE,
      TEN + 45 * MINUTE,
      TEN + 60 * MINUTE,
    ]);
  });

  it('checks the stops in each minute after the open, before that minute closes a bar', async () => {
    const data = minutes(TEN, 15);
    // The opening minute itself crosses the stop: it is not looked at (the order opened at its end).
    data[0] = minute(TEN, 1.09, 1.1);
    data[14] = minute(TEN + 14 * MINUTE, 1.09, 1.1);
    let open: WatchedStops | null = {
      side: 'buy',
      stopLoss: '1.09500',
      takeProfit: null,
      openedAtMs: TEN + 59_000,
    };
    const seen: string[] = [];
    await walkMinutes(
      data,
      { barMinutes: 15, lookbackBars: 10, spread: 0, pricePrecision: 5 },
      {
        stops: () => open,
        stopHit: async (hit) => {
          seen.push(`stop ${hit.kind} ${hit.price} ${hit.atMs - TEN}`);
          open = null;
        },
        barClosed: async (step) => {
          seen.push(`bar ${step.atMs - TEN} ${open === null ? 'flat' : 'holding'}`);
        },
      },
    );
    expect(seen).toEqual([
      `stop stopLoss 1.09500 ${14 * MINUTE + 30_000}`,
      `bar ${14 * MINUTE + 59_000} flat`,
    ]);
  });

  it('takes the stops as the engine does: bid for a buy, ask for a sell, the stop-loss first', () => {
    const options = { spread: 0.001, pricePrecision: 5 };
    const buy: WatchedStops = { side: 'buy', stopLoss: '1.09000', takeProfit: '1.11000', openedAtMs: 0 };
    // Low 1.09100 has a bid of 1.08991: the stop-loss is crossed; the mid alone would not cross it.
    expect(stopCrossed(minute(1, 1.091, 1.1), buy, options)).toEqual({ kind: 'stopLoss', price: '1.09000' });
    // High 1.11100 has a bid of 1.10989: not the take-profit yet.
    expect(stopCrossed(minute(1, 1.1, 1.111), buy, options)).toBeUndefined();
    expect(stopCrossed(minute(1, 1.05, 1.2), buy, options)).toEqual({ kind: 'stopLoss', price: '1.09000' });
    const sell: WatchedStops = { side: 'sell', stopLoss: '1.11000', takeProfit: '1.09000', openedAtMs: 0 };
    // High 1.10900 has an ask of 1.11011.
    expect(stopCrossed(minute(1, 1.1, 1.109), sell, options)).toEqual({ kind: 'stopLoss', price: '1.11000' });
    expect(stopCrossed(minute(1, 1.0889, 1.1), sell, options)).toEqual({
      kind: 'takeProfit',
      price: '1.09000',
    });
    expect(
      stopCrossed(minute(1, 1.095, 1.1), { ...sell, stopLoss: null, takeProfit: null }, options),
    ).toBeUndefined();
  });

  it('rounds the quote in decimals as the live market does, never in binary floats', () => {
    const options = { spread: 0.001, pricePrecision: 5 };
    // Low 1.015 has a bid of exactly 1.013985, 1.01399 rounded half up; in floats it is 1.01398.
    const buy: WatchedStops = { side: 'buy', stopLoss: '1.01398', takeProfit: null, openedAtMs: 0 };
    expect(stopCrossed(minute(1, 1.015, 1.02), buy, options)).toBeUndefined();
    expect(stopCrossed(minute(1, 1.015, 1.02), { ...buy, stopLoss: '1.01399' }, options)).toEqual({
      kind: 'stopLoss',
      price: '1.01399',
    });
  });
});
