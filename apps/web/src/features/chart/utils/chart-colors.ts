import { CHART_GREYS } from '../../../lib/chart-layout';

/** The chart's colours; up and down match --price-up and --price-down of the style sheet. */
export const CHART_COLORS = {
  up: '#047857',
  down: '#c8292f',
  upVolume: 'rgba(4, 120, 87, 0.35)',
  downVolume: 'rgba(200, 41, 47, 0.35)',
  ...CHART_GREYS,
  crosshair: '#646d7e',
  crosshairLabel: '#1f2937',
} as const;
