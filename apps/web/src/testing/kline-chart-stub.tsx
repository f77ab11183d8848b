import type { PeriodLabel } from '@meridian/contract/market';

/**
 * The chart draws on a canvas, which jsdom has not: page tests mock the chart module with this,
 * which only shows what it was asked to draw (the browser tests check the drawing).
 */
export function KlineChart({ forexId, period }: { forexId: number; period: PeriodLabel }) {
  return <div data-testid="kline-chart" data-forex-id={forexId} data-period={period} />;
}
