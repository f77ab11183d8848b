import type { TraderProfile } from '@meridian/contract/copy';

export type EquityChartPoint = { time: number; value: number };

/**
 * The profile's equity curve as chart points: time in whole seconds (the chart's unit; the wire
 * gives Unix ms), strictly rising as the chart requires — a point in the same second as the one
 * before is drawn one second later, so an order opened and closed within a second still shows its
 * step. The values become floats here for drawing only; no figure shown as text comes from them.
 */
export function equityChartPoints(curve: TraderProfile['curve']): EquityChartPoint[] {
  const points: EquityChartPoint[] = [];
  const sorted = [...curve].sort((a, b) => a.time - b.time);
  for (const point of sorted) {
    const time = Math.floor(point.time / 1000);
    const value = Number(point.equity);
    if (!Number.isFinite(value)) continue;
    const last = points.at(-1);
    points.push({ time: last && time <= last.time ? last.time + 1 : time, value });
  }
  return points;
}
